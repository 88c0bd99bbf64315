import { sql, type Kysely } from 'kysely';

// Hungary's town lists without its districts. The regions dataset lists 168 of the 174 districts (járás,
// "Bajai Járás") among each county's towns, so a member could save a district as their town. A
// district is not a town (its seat is a town listed on its own: Baja) and no one town can stand
// for it, so its rows are removed. An address saved on one keeps the town as the member saved it
// ("Bajai Járás"), as if typed, and its county; only the link to the removed row goes (as for
// Thailand's places that cannot be placed). Running this again changes nothing.

/** A district's name as the dataset writes it: "<seat>i Járás" (any case). */
const DISTRICT = '[[:space:]]járás$';

export async function up(db: Kysely<any>): Promise<void> {
  const districts = sql`select id from geo_regions where country_code = 'HU' and level = 2 and name ~* ${DISTRICT}`;
  // Districts have no places below them: only addresses name them.
  await sql`update addresses set city_id = null where city_id in (${districts})`.execute(db);
  await sql`delete from geo_regions where id in (${districts})`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
