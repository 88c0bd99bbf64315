import type { AFTER_SALE_RESELLABLE_NOTE, adminAfterSaleEventSchema } from '@shop/contract/after-sales';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';
import { actorText } from '../../lib/actors';

type CaseEvent = z.infer<typeof adminAfterSaleEventSchema>;
// The contract's word, typed against it (the console keeps the contract's code out of its bundle, as AfterSales.tsx does).
const RESELLABLE: typeof AFTER_SALE_RESELLABLE_NOTE = 'resellable';

/** An event's note in the operator's language: the case a case sent again follows, goods back on sale, else the note as written. */
function noteOf(t: TFunction, e: CaseEvent): string {
  if (e.follows_case_no) return t('console.afterSales.followsCase', { case_no: e.follows_case_no });
  if (e.kind === 'received' && e.reason === RESELLABLE) return t('console.afterSales.resellable');
  return e.reason;
}

/** One line of a case's history in the console: when, what, who (the operator by name, else the member, a job …), why. */
export const caseEventLine = (t: TFunction, e: CaseEvent) => [formatDate(e.at), t(`console.afterSales.event.${e.kind}`), e.operator ?? actorText(t, e.by), noteOf(t, e)].filter(Boolean).join(' · ');
