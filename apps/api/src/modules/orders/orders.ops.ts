import { ORDER_STATUSES, type OrderStatus } from '@shop/contract';
import type { Database } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { addTrackingEvent, listOrdersForOperator, orderForOperator, setOrderSettings, shipOrder } from './fulfilment.service.js';

export const ORDER_USAGE = `  orders [status]                       the newest orders (awaiting_payment, paid, shipped, completed …)
  order show <id>                       one order with its lines, amounts and what happened to it
  order ship <id> --carrier <c> --number <n>   ship everything not shipped yet in one package (manual tracking)
  order track <package> --text "…" [--place "…"] [--delivered]   add a tracking event to a package
  order expiry <minutes> | order auto-confirm <days>   order settings`;

/** `--name value` (or `--name=value`) from the arguments. */
function flag(argv: string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i]!.startsWith(`--${name}=`)) return argv[i]!.slice(name.length + 3);
  }
  return undefined;
}

const idOf = (v: string | undefined, what: string): number => {
  if (!v || !/^\d+$/.test(v)) throw new Error(`give the ${what} id (a number)`);
  return Number(v);
};

/** The order commands of `npm run ops`: the same services as the operator calls. */
export async function runOrderCommand(db: Database, actor: Actor, argv: string[]): Promise<string> {
  const [cmd, sub, arg] = argv;
  if (cmd === 'orders') {
    if (sub && !(ORDER_STATUSES as readonly string[]).includes(sub)) throw new Error(`status must be one of ${ORDER_STATUSES.join(', ')}`);
    const page = await listOrdersForOperator(db, actor, { status: sub as OrderStatus | undefined, page: 1, limit: 50 });
    return page.list.map((o) => `#${o.id}  ${o.order_no}  member ${o.user_id}  ${o.status}  ${o.total} ${o.currency} (minor units)  ${o.created_at}`).join('\n') || 'no orders';
  }
  switch (sub) {
    case 'show': {
      const o = await orderForOperator(db, actor, { id: idOf(arg, 'order') });
      return [
        `order #${o.id} ${o.order_no} of member ${o.user_id}: ${o.status}`,
        ...o.lines.map((l) => `  ${l.name} ${l.spec_text} × ${l.num} (${l.shipped_num} shipped)  ${l.line_total}`),
        `  subtotal ${o.subtotal}, operating fee ${o.operating_fee}, freight ${o.freight}, total ${o.total} ${o.currency} (minor units)`,
        ...o.events.map((e) => `  ${e.at}  ${e.kind}${e.to_status ? ` → ${e.to_status}` : ''}  ${e.actor}${e.reason ? `  "${e.reason}"` : ''}`),
      ].join('\n');
    }
    case 'ship': {
      const carrier = flag(argv, 'carrier');
      const number = flag(argv, 'number');
      if (!carrier || !number) throw new Error('order ship <id> --carrier <carrier> --number <tracking number>');
      const r = await shipOrder({ db, providers: { parcelTracking: {} } }, actor, { order_id: idOf(arg, 'order'), carrier, tracking_number: number, tracking_provider: 'manual' });
      return `order #${r.order_id}: package ${r.package_id} shipped; the order is ${r.order_status}`;
    }
    case 'track': {
      const text = flag(argv, 'text');
      if (!text) throw new Error('order track <package> --text "…" [--place "…"] [--delivered]');
      const r = await addTrackingEvent(db, actor, { package_id: idOf(arg, 'package'), text, place: flag(argv, 'place') ?? '', delivered: argv.includes('--delivered') });
      return `package ${r.package_id}: ${r.added ? 'event added' : 'the same event was already there'}${r.delivered ? '; delivered' : ''}`;
    }
    case 'expiry':
    case 'auto-confirm': {
      const n = idOf(arg, sub === 'expiry' ? 'minutes' : 'days');
      const s = await setOrderSettings(db, actor, sub === 'expiry' ? { expiry_minutes: n } : { auto_confirm_days: n });
      return `orders stay unpaid at most ${s.expiry_minutes} minutes; unconfirmed orders complete ${s.auto_confirm_days} days after delivery (by ${s.updated_by})`;
    }
    default:
      throw new Error(`order show|ship|track|expiry|auto-confirm\n\n${ORDER_USAGE}`);
  }
}
