import { sql, type Kysely } from 'kysely';

// The regions dataset (country-state-city) lists many cities of Japan twice in one prefecture: the
// town as a place ("Maebashi") and the municipality ("Maebashi Shi", "Maebashi-shi"), 453 pairs; and
// a few of Taiwan ("Taipei" / "Taipei City") and Malaysia ("Daerah Muar", the district, beside Muar,
// its town). Each pair becomes one row: the row kept keeps its id, the other is removed and the
// addresses saved on it point at the kept one (the name a member saved with is not rewritten, as for
// Thailand's districts). No maintained npm dataset of Japan's municipalities with romanized names and
// no run-time dependencies was found, so Japan's rows stay romanized (see the decision record).
// Running this again changes nothing.

/** A Japanese name with "Shi" (city), macrons, case, spaces and hyphens set aside: "Nishi-Tokyo-shi" is "Nishitōkyō". */
const bare = (name: string) => name.replace(/[ -]shi$/i, '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}]/gu, '');
const suffixed = (name: string) => /[ -]shi$/i.test(name);
const macrons = (name: string) => name.normalize('NFD').replace(/[^\p{M}]/gu, '').length;
const breaks = (name: string) => name.replace(/[ -]shi$/i, '').replace(/[^ -]/g, '').length;

/**
 * Hokkaido has two Shibetsu: the city 士別市 in the north and the town 標津町 on the Nemuro coast,
 * 200 km apart. They are kept and told apart by their Japanese names (as Ayutthaya's two Bang Sai).
 */
const NAMED_APART: Array<{ region: string; was: string; name: string }> = [
  { region: 'JP-01', was: 'Shibetsu Shi', name: 'Shibetsu (士別市)' },
  { region: 'JP-01', was: 'Shibetsu', name: 'Shibetsu (標津町)' },
];

/**
 * Taiwan's and Malaysia's doubles, each checked by hand: region (ISO 3166-2), the entry removed, the
 * one kept. A county's or district's own name stands for its seat (as a Thai province's name for its
 * Mueang district): "Hualien" (the county) → Hualien City, "Daerah Muar" (the district) → Muar.
 */
const PAIRS: Array<{ region: string; removed: string; kept: string }> = [
  { region: 'TW-TPE', removed: 'Taipei City', kept: 'Taipei' },
  { region: 'TW-TXG', removed: 'Taichung City', kept: 'Taichung' },
  { region: 'TW-TAO', removed: 'Taoyuan City', kept: 'Taoyuan' },
  { region: 'TW-HUA', removed: 'Hualien', kept: 'Hualien City' },
  { region: 'TW-TTT', removed: 'Taitung', kept: 'Taitung City' },
  { region: 'MY-01', removed: 'Daerah Batu Pahat', kept: 'Batu Pahat' },
  { region: 'MY-01', removed: 'Daerah Johor Baharu', kept: 'Johor Bahru' },
  { region: 'MY-01', removed: 'Daerah Keluang', kept: 'Kluang' },
  { region: 'MY-01', removed: 'Daerah Kota Tinggi', kept: 'Kota Tinggi' },
  { region: 'MY-01', removed: 'Daerah Mersing', kept: 'Mersing' },
  { region: 'MY-01', removed: 'Daerah Muar', kept: 'Muar' },
  { region: 'MY-01', removed: 'Daerah Pontian', kept: 'Pontian Kechil' },
  { region: 'MY-01', removed: 'Daerah Segamat', kept: 'Segamat' },
];

type Row = { id: number; parent_id: number; name: string };

export async function up(db: Kysely<any>): Promise<void> {
  const regions = await db.selectFrom('geo_regions').select(['id', 'code']).where('country_code', 'in', ['JP', 'TW', 'MY']).where('parent_id', 'is', null).execute();
  const regionId = new Map(regions.map((r) => [r.code as string, r.id as number]));
  const region = (code: string) => {
    const id = regionId.get(code);
    if (id === undefined) throw new Error(`city doubles: no region ${code}`);
    return id;
  };

  for (const r of NAMED_APART)
    await db.updateTable('geo_regions').set({ name: r.name }).where('parent_id', '=', region(r.region)).where('level', '=', 2).where('name', '=', r.was).execute();

  const renames: Array<{ id: number; name: string }> = [];
  const moves: Array<{ from: number; to: number }> = [];

  // Japan: one row per prefecture and bare name. Kept: the place's own row ("Maebashi") before the
  // municipality's; named, without "Shi", by the spelling with the macrons (Nikkō over Nikko-shi),
  // else the one written as one word, as the municipalities write it (Minamisōma over Minami-Sōma).
  const japan: Row[] = await db.selectFrom('geo_regions').select(['id', 'parent_id', 'name']).where('country_code', '=', 'JP').where('level', '=', 2).orderBy('id').execute();
  const groups = new Map<string, Row[]>();
  for (const r of japan) {
    const key = `${r.parent_id}:${bare(r.name)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const rows of groups.values()) {
    const keep = rows.find((r) => !suffixed(r.name)) ?? rows[0]!;
    const spelling = [...rows].sort((a, b) => macrons(b.name) - macrons(a.name) || breaks(a.name) - breaks(b.name) || Number(suffixed(b.name)) - Number(suffixed(a.name)) || a.id - b.id)[0]!;
    const name = spelling.name.replace(/[ -]shi$/i, '');
    if (name !== keep.name) renames.push({ id: keep.id, name });
    for (const r of rows) if (r !== keep) moves.push({ from: r.id, to: keep.id });
  }

  // Taiwan and Malaysia: the pairs above, where both rows are still there.
  const named: Row[] = await db.selectFrom('geo_regions').select(['id', 'parent_id', 'name']).where('country_code', 'in', ['TW', 'MY']).where('level', '=', 2).execute();
  for (const p of PAIRS) {
    const parent = region(p.region);
    const kept = named.find((r) => r.parent_id === parent && r.name === p.kept);
    if (kept) for (const r of named) if (r.parent_id === parent && r.name === p.removed) moves.push({ from: r.id, to: kept.id });
  }

  if (renames.length)
    await sql`update geo_regions g set name = r.name from json_to_recordset(${JSON.stringify(renames)}::json) as r(id int, name text) where g.id = r.id`.execute(db);
  if (moves.length) {
    const json = JSON.stringify(moves);
    // The cities of these countries have no districts below them: only addresses name them.
    await sql`update addresses a set city_id = m.to from json_to_recordset(${json}::json) as m("from" int, "to" int) where a.city_id = m.from`.execute(db);
    await sql`delete from geo_regions where id in (select m.from from json_to_recordset(${json}::json) as m("from" int))`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
