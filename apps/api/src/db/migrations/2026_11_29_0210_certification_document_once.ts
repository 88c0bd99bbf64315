import { sql, type Kysely } from 'kysely';

// One identity document verifies one account: a document (its type and its number without spaces
// or dashes, in upper case) is under review or verified for one account at most. Rows that already
// share a document stay out of the index — the approved one, else the earliest, keeps it — so the
// migration never fails on them and changes no member's state; an operator decides the others
// (approving one while another account holds the document is refused, 3043).
export async function up(db: Kysely<any>): Promise<void> {
  const norm = sql`upper(regexp_replace(document_number, '[[:space:]-]', '', 'g'))`;
  const dupes = await sql<{ id: number }>`
    select id from (
      select id, row_number() over (partition by document_type, ${norm} order by status = 'approved' desc, id) as n
      from certifications where status in ('pending', 'approved')) d
    where n > 1`.execute(db);
  const skip = dupes.rows.map((r) => Number(r.id));
  const except = skip.length ? sql.raw(` and id not in (${skip.join(',')})`) : sql.raw('');
  await sql`create unique index certifications_document_once on certifications (document_type, (${norm})) where status in ('pending', 'approved')${except}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists certifications_document_once`.execute(db);
}
