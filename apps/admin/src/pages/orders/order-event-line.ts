import type { adminOrderEventSchema } from '@shop/contract/orders';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { actorText } from '../../lib/actors';
import { formatDate } from '../../lib/format';

type OrderEvent = z.infer<typeof adminOrderEventSchema>;

/** What happened, in the operator's language: the event's name, then the state it moved to when that is not the event itself. */
function whatOf(t: TFunction, e: OrderEvent): string {
  const name = t(`console.orders.event.${e.kind}`, { defaultValue: e.kind });
  return e.to_status && e.to_status !== e.kind ? `${name} → ${t(`console.status.${e.to_status}`, { defaultValue: e.to_status })}` : name;
}

/** One line of an order's history in the console: when, what, who (the operator by name, else the member, a job, the gateway …), why. */
export const orderEventLine = (t: TFunction, e: OrderEvent): string =>
  [formatDate(e.at), whatOf(t, e), e.operator ?? actorText(t, e.actor.split(':')[0]!), e.reason].filter(Boolean).join(' · ');
