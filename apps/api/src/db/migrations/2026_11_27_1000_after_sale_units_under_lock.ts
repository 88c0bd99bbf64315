import { sql, type Kysely } from 'kysely';

// Opening a case counts the units of the order already in cases once the order's row lock is held:
// read in the statement that takes the lock, the count would come from a snapshot taken before a
// wait for that lock, and miss a case its holder committed meanwhile. A function that takes the
// lock and then counts reads with a snapshot of its own, taken after the lock (each statement of a
// volatile function takes one): the order with its lines, the lock and the count are one round trip
// instead of two. Its count is the one `unitsInCasesQuery` reads unlocked (a test holds them equal).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function after_sale_units_locked(p_order bigint, p_statuses text[]) returns json language plpgsql volatile as $$
    begin
      perform 1 from orders where id = p_order for update;
      return (
        select coalesce(json_agg(u), '[]') from (
          select l.order_line_id, c.kind, c.status, sum(l.qty)::bigint as qty
          from after_sale_lines l join after_sales c on c.id = l.case_id
          where c.order_id = p_order and c.status = any(p_statuses)
          group by l.order_line_id, c.kind, c.status) u);
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function after_sale_units_locked(bigint, text[])`.execute(db);
}
