import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { EarningRef } from './referral.queries.js';

/**
 * The PV an order keeps at its settled moment: each line's PV per unit times its units, less the units
 * its return cases took back and refunded (exchanges and repairs keep theirs). Counted by units, not by
 * money: an order paid with points or a coupon gives its PV back with its goods, and a return of the
 * line that carries PV takes back that line's PV, not a share of the order's.
 */
export async function findPvKept(db: Executor, ref: EarningRef): Promise<number> {
  const [lines, lineColumn] = ref.kind === 'order' ? [sql.raw('order_lines'), sql.raw('order_line_id')] : [sql.raw('shop_order_lines'), sql.raw('shop_order_line_id')];
  const { rows } = await sql<{ pv: number }>`
    select coalesce(sum(l.pv * greatest(0, l.quantity - coalesce((select sum(rl.qty) from after_sale_lines rl join after_sales rc on rc.id = rl.case_id
      where rl.${lineColumn} = l.id and rc.kind = 'return' and rc.status = 'refunded'), 0))), 0)::int as pv
    from ${lines} l where l.order_id = ${ref.id}`.execute(db);
  return Number(rows[0]?.pv ?? 0);
}
