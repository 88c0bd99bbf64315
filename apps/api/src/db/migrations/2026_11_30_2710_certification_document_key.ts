import { sql, type Kysely } from 'kysely';

// One identity document verifies one account, however its number is typed. Until now a number was
// compared without spaces or dashes and in upper case only, so `AA１２３４５６７` (full-width digits) or
// `AA.1234567` passed for a document another account held. Each request now keeps its document's key:
// the number Unicode-normalised (NFKC), any script's digits as 0–9, upper case, Greek and Cyrillic
// look-alikes as Latin letters, letters and digits only — and the one-document index compares that.
// Requests that already share a key keep their state: the approved one, else the earliest, holds the
// document in the index, the others stay out of it (the console's real-name queue warns of them, and
// approving one while another account holds the document is refused).

const LOOKALIKES: Record<string, string> = Object.fromEntries([...'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧАВЕЅІЈКМНОРСТХУ'].map((c, i) => [c, 'ABEZHIKMNOPTYXABESIJKMHOPCTXY'[i]!]));

function asciiDigit(c: string): string {
  let cp = c.codePointAt(0)!;
  const at = cp;
  while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1))) cp--;
  return String((at - cp) % 10);
}

/** The key as of this migration (frozen here: the app's own may change later, with a migration of its own). */
const keyOf = (number: string): string =>
  number
    .normalize('NFKC')
    .replace(/\p{Nd}/gu, asciiDigit)
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/./gu, (c) => LOOKALIKES[c] ?? c);

const BATCH = 1000;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table certifications add column document_key text`.execute(db);
  for (let after = 0; ; ) {
    const rows = await sql<{ id: string; document_number: string }>`select id, document_number from certifications where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (!rows.rows.length) break;
    const values = sql.join(rows.rows.map((r) => sql`(${Number(r.id)}::bigint, ${keyOf(r.document_number)})`));
    await sql`update certifications c set document_key = v.key from (values ${values}) as v(id, key) where c.id = v.id`.execute(db);
    after = Number(rows.rows[rows.rows.length - 1]!.id);
  }
  await sql`alter table certifications alter column document_key set not null`.execute(db);
  // A request written without its key (by hand, by an import) gets one from the database: upper case,
  // letters and digits only. The shop always writes the full key itself.
  await sql`
    create function certifications_document_key_default() returns trigger language plpgsql as $$
    begin
      if new.document_key is null then
        new.document_key := upper(regexp_replace(new.document_number, '[^[:alnum:]]', '', 'g'));
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger certifications_document_key_default before insert on certifications
    for each row execute function certifications_document_key_default()`.execute(db);
  const dupes = await sql<{ id: string }>`
    select id from (
      select id, row_number() over (partition by document_type, document_key order by status = 'approved' desc, id) as n
      from certifications where status in ('pending', 'approved')) d
    where n > 1`.execute(db);
  const skip = dupes.rows.map((r) => Number(r.id));
  const except = skip.length ? sql.raw(` and id not in (${skip.join(',')})`) : sql.raw('');
  await sql`drop index if exists certifications_document_once`.execute(db);
  await sql`create unique index certifications_document_key_once on certifications (document_type, document_key) where status in ('pending', 'approved')${except}`.execute(db);
  await sql`create index certifications_document_key_idx on certifications (document_key)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
