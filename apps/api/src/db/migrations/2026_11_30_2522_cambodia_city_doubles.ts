import { sql, type Kysely } from 'kysely';

// Cambodia's towns once each. The regions dataset lists some provincial towns twice in their
// province: as the town ("Ta Khmau") and as its municipality ("Krŏng Ta Khmau"), or under a second
// romanization ("Kracheh" beside "Kratié"). Each pair below, checked by hand and by coordinates
// (within 25 km, the second usually the municipality's or province's centroid), becomes one row, as
// for Japan's, Taiwan's and Malaysia's doubles: the town's row keeps its id, the other is removed and
// the addresses saved on it point at the town (their stored name is not rewritten). A district
// (srŏk) beside the town of the same name is another place and stays. Running this again changes nothing.

/** Province (ISO 3166-2:KH), the entry removed, the town kept. */
const PAIRS: Array<{ region: string; removed: string; kept: string }> = [
  { region: 'KH-8', removed: 'Krŏng Ta Khmau', kept: 'Ta Khmau' },
  { region: 'KH-11', removed: 'Krŏng Sênmônoŭrôm', kept: 'Sen Monorom' },
  { region: 'KH-10', removed: 'Kracheh', kept: 'Kratié' },
  { region: 'KH-19', removed: 'Stueng Traeng', kept: 'Stung Treng' },
  // The municipality that is the provincial town, known by the province's name.
  { region: 'KH-5', removed: 'Krŏng Chbar Mon', kept: 'Kampong Speu' },
  { region: 'KH-21', removed: 'Krŏng Doun Kaev', kept: 'Takeo' },
];

type Row = { id: number; parent_id: number; name: string };

export async function up(db: Kysely<any>): Promise<void> {
  const provinces = await db.selectFrom('geo_regions').select(['id', 'code']).where('country_code', '=', 'KH').where('parent_id', 'is', null).execute();
  const provinceId = new Map(provinces.map((r) => [r.code as string, r.id as number]));
  const towns: Row[] = await db.selectFrom('geo_regions').select(['id', 'parent_id', 'name']).where('country_code', '=', 'KH').where('level', '=', 2).execute();

  const moves: Array<{ from: number; to: number }> = [];
  for (const p of PAIRS) {
    const parent = provinceId.get(p.region);
    const kept = towns.find((r) => r.parent_id === parent && r.name === p.kept);
    if (kept) for (const r of towns) if (r.parent_id === parent && r.name === p.removed) moves.push({ from: r.id, to: kept.id });
  }
  if (!moves.length) return;
  const json = JSON.stringify(moves);
  // Cambodia's towns have no places below them: only addresses name them.
  await sql`update addresses a set city_id = m.to from json_to_recordset(${json}::json) as m("from" int, "to" int) where a.city_id = m.from`.execute(db);
  await sql`delete from geo_regions where id in (select m.from from json_to_recordset(${json}::json) as m("from" int))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
