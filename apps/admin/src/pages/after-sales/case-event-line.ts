import type { adminAfterSaleEventSchema } from '@shop/contract/after-sales';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { formatDate } from '../../lib/format';
import { actorText } from '../../lib/actors';

/** One line of a case's history in the console: when, what, who (the operator by name, else the member, a job …), why. */
export const caseEventLine = (t: TFunction, e: z.infer<typeof adminAfterSaleEventSchema>) =>
  [formatDate(e.at), t(`console.afterSales.event.${e.kind}`), e.operator ?? actorText(t, e.by), e.reason].filter(Boolean).join(' · ');
