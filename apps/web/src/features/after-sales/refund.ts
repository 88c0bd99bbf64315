import { AFTER_SALE_OPEN_STATUSES, type AfterSaleCase } from '@shop/contract/after-sales';

/**
 * Whether a case shows a refund amount: a return still open (its refund may yet be made) or one
 * refunded. A return rejected, refused at receipt, withdrawn or closed refunds nothing: no amount.
 */
export const refundShown = (c: Pick<AfterSaleCase, 'kind' | 'status' | 'refunded'>) => c.kind === 'return' && (c.refunded !== null || AFTER_SALE_OPEN_STATUSES.includes(c.status));
