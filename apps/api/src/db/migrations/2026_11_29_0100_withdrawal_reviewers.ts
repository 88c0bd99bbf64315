import { sql, type Kysely } from 'kysely';

// A withdrawal's `reviewed_by` names who decided its review: its approvers (joined) or who rejected
// it. Marking it paid used to overwrite it with the payer, who has a column of its own (`paid_by`).
// Approved and paid ones get their approvers back: from the row's list, else from the record of
// operator decisions; a payer named only there moves to `paid_by`.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update withdrawals w
    set paid_by = case when w.status = 'paid' then coalesce(w.paid_by, w.reviewed_by) else w.paid_by end,
        reviewed_by = coalesce(
          nullif(array_to_string(w.approvers, ', '), ''),
          (select a.operator from operator_actions a where a.target_type = 'withdrawal' and a.target_id = w.id and a.action = 'withdrawal.approved' order by a.id desc limit 1),
          case when w.status = 'approved' then w.reviewed_by end)
    where w.status in ('approved', 'paid')`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
