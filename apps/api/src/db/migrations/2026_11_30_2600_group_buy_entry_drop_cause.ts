import { sql, type Kysely } from 'kysely';

// Why a member's place in a group was given up, so their order tells the truth about the group:
// `order_ended` — the order itself ended (the member cancelled it, it expired unpaid, an operator
// cancelled or refunded it): the member left the group, whatever became of it afterwards;
// `group_failed` — the group did not fill (at its deadline, or the group buy ended first) and the
// order was unwound with it. Entries dropped before this was kept are told apart by the reason their
// order was ended with.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table group_buy_entries add column drop_cause text check (drop_cause in ('order_ended', 'group_failed'))`.execute(db);
  await sql`
    update group_buy_entries e
       set drop_cause = case when g.status = 'failed' and o.cancel_reason in ('group did not fill', 'group buy ended') then 'group_failed' else 'order_ended' end
      from group_buy_groups g, orders o
     where g.id = e.group_id and o.id = e.order_id and e.status = 'dropped'`.execute(db);
  await sql`alter table group_buy_entries add constraint group_buy_entries_drop_cause_when_dropped check ((status = 'dropped') = (drop_cause is not null))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
