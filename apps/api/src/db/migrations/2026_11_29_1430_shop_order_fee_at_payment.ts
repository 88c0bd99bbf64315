import { sql, type Kysely } from 'kysely';

// A shop order keeps the platform's fee in force when it was paid, and settles at it (it used to read
// the settings' fee when it settled, so a change reached orders already paid). Orders paid and not
// yet settled take the fee in force now: the one they would have settled at.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update shop_orders set fee_bp = (select fee_bp from shop_settings where id = 1) where paid_at is not null and settled_at is null and fee_bp is null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
