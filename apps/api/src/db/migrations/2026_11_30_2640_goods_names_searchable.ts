import { sql, type Kysely } from 'kysely';

// A search finds goods by their name in any of the shop's languages, compared as typed plainly:
// `name_search` holds every language's name, one a line, in NFKC form (half-width katakana made
// full-width, full-width Latin letters and digits made plain) and lower case, kept by the database
// with the name. A trigram index answers words of three characters or more (100,000 goods: a few
// milliseconds instead of reading every name); shorter words read the column, still cheaper than
// taking the names apart for every goods. pg_trgm ships with PostgreSQL and is trusted (a database
// owner may create it).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function searchable_texts(texts jsonb) returns text
    language sql immutable parallel safe
    as $$
      select lower(normalize(coalesce(string_agg(value, E'\n' order by key), ''), nfkc))
        from jsonb_each_text(case when jsonb_typeof(texts) = 'object' then texts else '{}'::jsonb end)
    $$`.execute(db);
  await sql`alter table goods add column name_search text not null generated always as (searchable_texts(name)) stored`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index goods_name_search_idx on goods using gin (name_search gin_trgm_ops)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
