import { sql, type Kysely } from 'kysely';

// Hungary as a Hungarian member picks it. The regions dataset names the counties in English only
// ("Pest County"), lists the 23 cities with county rights beside the counties as if they were
// counties (each also listed as a city of its county), lacks Komárom-Esztergom county, and gives
// Budapest an incomplete mix of districts ("Budapest VI. kerület", "Zugló", no V. or IX.).
// Here: the 19 counties and Budapest at the top, named in Hungarian (vármegye since 2023), each
// city under its county only, and Budapest's 23 districts in their order. Rows are matched by ISO
// 3166-2 code or by the dataset's names, so running this again changes nothing. A saved address
// keeps its id and reads the same place: one that named a city with county rights at the top names
// the county and that city; one that named a district's old entry names the district.

/** ISO 3166-2:HU → the county's Hungarian name (Budapest, the capital, is no county). */
const COUNTIES: Record<string, string> = {
  'HU-BA': 'Baranya vármegye',
  'HU-BE': 'Békés vármegye',
  'HU-BK': 'Bács-Kiskun vármegye',
  'HU-BU': 'Budapest',
  'HU-BZ': 'Borsod-Abaúj-Zemplén vármegye',
  'HU-CS': 'Csongrád-Csanád vármegye',
  'HU-FE': 'Fejér vármegye',
  'HU-GS': 'Győr-Moson-Sopron vármegye',
  'HU-HB': 'Hajdú-Bihar vármegye',
  'HU-HE': 'Heves vármegye',
  'HU-JN': 'Jász-Nagykun-Szolnok vármegye',
  'HU-KE': 'Komárom-Esztergom vármegye',
  'HU-NO': 'Nógrád vármegye',
  'HU-PE': 'Pest vármegye',
  'HU-SO': 'Somogy vármegye',
  'HU-SZ': 'Szabolcs-Szatmár-Bereg vármegye',
  'HU-TO': 'Tolna vármegye',
  'HU-VA': 'Vas vármegye',
  'HU-VE': 'Veszprém vármegye',
  'HU-ZA': 'Zala vármegye',
};

/** Csongrád county is Csongrád-Csanád since 2020: the dataset's English name is the old one. */
const RENAMED = { code: 'HU-CS', was: 'Csongrád County', name: 'Csongrád-Csanád County' };

/** The county the dataset lacks, with its towns (the county seat, Tatabánya, among them). */
const KOMAROM_ESZTERGOM = {
  code: 'HU-KE',
  name: 'Komárom-Esztergom County',
  towns: ['Ács', 'Bábolna', 'Dorog', 'Esztergom', 'Kisbér', 'Komárom', 'Lábatlan', 'Nyergesújfalu', 'Oroszlány', 'Tata', 'Tatabánya'],
};

/** City with county rights (its ISO 3166-2:HU code) → its county and its name as a city there. */
const COUNTY_CITIES: Array<[city: string, county: string, name: string]> = [
  ['HU-BC', 'HU-BE', 'Békéscsaba'],
  ['HU-DE', 'HU-HB', 'Debrecen'],
  ['HU-DU', 'HU-FE', 'Dunaújváros'],
  ['HU-EG', 'HU-HE', 'Eger'],
  ['HU-ER', 'HU-PE', 'Érd'],
  ['HU-GY', 'HU-GS', 'Győr'],
  ['HU-HV', 'HU-CS', 'Hódmezővásárhely'],
  ['HU-KM', 'HU-BK', 'Kecskemét'],
  ['HU-KV', 'HU-SO', 'Kaposvár'],
  ['HU-MI', 'HU-BZ', 'Miskolc'],
  ['HU-NK', 'HU-ZA', 'Nagykanizsa'],
  ['HU-NY', 'HU-SZ', 'Nyíregyháza'],
  ['HU-PS', 'HU-BA', 'Pécs'],
  ['HU-SD', 'HU-CS', 'Szeged'],
  ['HU-SF', 'HU-FE', 'Székesfehérvár'],
  ['HU-SH', 'HU-VA', 'Szombathely'],
  ['HU-SK', 'HU-JN', 'Szolnok'],
  ['HU-SN', 'HU-GS', 'Sopron'],
  ['HU-SS', 'HU-TO', 'Szekszárd'],
  ['HU-ST', 'HU-NO', 'Salgótarján'],
  ['HU-TB', 'HU-KE', 'Tatabánya'],
  ['HU-VM', 'HU-VE', 'Veszprém'],
  ['HU-ZE', 'HU-ZA', 'Zalaegerszeg'],
];

/**
 * Budapest's districts in order, as Hungarians write them (the number, then the district's own name
 * where it has one), with the dataset's entries each replaces: the first of those is kept (one already
 * so named, when run again).
 */
const DISTRICTS: Array<{ name: string; was: string[] }> = [
  { name: 'I. kerület (Budavár)', was: ['Budapest I. kerület'] },
  { name: 'II. kerület', was: ['Budapest II. kerület'] },
  { name: 'III. kerület (Óbuda-Békásmegyer)', was: ['Budapest III. kerület'] },
  { name: 'IV. kerület (Újpest)', was: ['Budapest IV. kerület'] },
  { name: 'V. kerület (Belváros-Lipótváros)', was: [] },
  { name: 'VI. kerület (Terézváros)', was: ['Budapest VI. kerület'] },
  { name: 'VII. kerület (Erzsébetváros)', was: ['Erzsébetváros'] },
  { name: 'VIII. kerület (Józsefváros)', was: ['Józsefváros', 'Budapest VIII. kerület'] },
  { name: 'IX. kerület (Ferencváros)', was: [] },
  { name: 'X. kerület (Kőbánya)', was: ['Budapest X. kerület'] },
  { name: 'XI. kerület (Újbuda)', was: ['Budapest XI. kerület'] },
  { name: 'XII. kerület (Hegyvidék)', was: ['Budapest XII. kerület'] },
  { name: 'XIII. kerület', was: ['Budapest XIII. kerület'] },
  { name: 'XIV. kerület (Zugló)', was: ['Zugló'] },
  { name: 'XV. kerület', was: ['Budapest XV. kerület'] },
  { name: 'XVI. kerület', was: ['Budapest XVI. kerület'] },
  { name: 'XVII. kerület (Rákosmente)', was: ['Budapest XVII. kerület'] },
  { name: 'XVIII. kerület (Pestszentlőrinc-Pestszentimre)', was: ['Budapest XVIII. kerület'] },
  { name: 'XIX. kerület (Kispest)', was: ['Kispest'] },
  { name: 'XX. kerület (Pesterzsébet)', was: ['Budapest XX. kerület'] },
  { name: 'XXI. kerület (Csepel)', was: ['Budapest XXI. kerület'] },
  { name: 'XXII. kerület (Budafok-Tétény)', was: ['Budapest XXII. kerület'] },
  { name: 'XXIII. kerület (Soroksár)', was: ['Budapest XXIII. kerület'] },
];

type Region = { id: number; name: string };

const topRegion = async (db: Kysely<any>, code: string): Promise<Region | undefined> =>
  db.selectFrom('geo_regions').select(['id', 'name']).where('country_code', '=', 'HU').where('parent_id', 'is', null).where('code', '=', code).executeTakeFirst();

const children = async (db: Kysely<any>, parentId: number): Promise<Region[]> =>
  db.selectFrom('geo_regions').select(['id', 'name']).where('parent_id', '=', parentId).orderBy('id').execute();

/** A new region, numbered after the highest id (as the loader numbers a reload). */
async function insertRegion(db: Kysely<any>, row: { parent: number | null; level: number; code: string | null; name: string; sort: number }): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into geo_regions (id, country_code, parent_id, level, code, name, names, sort)
    select coalesce(max(id), 0) + 1, 'HU', ${row.parent}, ${row.level}, ${row.code}, ${row.name}, null, ${row.sort} from geo_regions
    returning id`.execute(db);
  return rows[0]!.id;
}

/** Points the addresses that chose `from` as their city at `to`, then removes `from`. */
async function mergeCity(db: Kysely<any>, from: number, to: number): Promise<void> {
  await db.updateTable('addresses').set({ city_id: to }).where('city_id', '=', from).execute();
  await db.deleteFrom('geo_regions').where('id', '=', from).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('geo_regions').set({ name: RENAMED.name }).where('country_code', '=', 'HU').where('parent_id', 'is', null).where('code', '=', RENAMED.code).where('name', '=', RENAMED.was).execute();

  const ke = KOMAROM_ESZTERGOM;
  const keId = (await topRegion(db, ke.code))?.id ?? (await insertRegion(db, { parent: null, level: 1, code: ke.code, name: ke.name, sort: 0 }));
  const keTowns = new Set((await children(db, keId)).map((r) => r.name));
  for (const town of ke.towns) if (!keTowns.has(town)) await insertRegion(db, { parent: keId, level: 2, code: null, name: town, sort: 0 });

  await sql`
    update geo_regions r set names = coalesce(r.names, '{}'::jsonb) || jsonb_build_object('hu', v.value)
      from json_each_text(${JSON.stringify(COUNTIES)}::json) as v
     where r.country_code = 'HU' and r.parent_id is null and r.code = v.key`.execute(db);

  // Each city with county rights once, as a city of its county (the dataset's spelling of it fixed:
  // "dunaújváros"). An address that chose it at the top now names the county, and the city.
  for (const [cityCode, countyCode, name] of COUNTY_CITIES) {
    const [top, county] = [await topRegion(db, cityCode), await topRegion(db, countyCode)];
    if (!county) continue;
    const inCounty = (await children(db, county.id)).find((r) => r.name.toLowerCase() === name.toLowerCase());
    if (inCounty && inCounty.name !== name) await db.updateTable('geo_regions').set({ name }).where('id', '=', inCounty.id).execute();
    if (!top) continue;
    if ((await children(db, top.id)).length > 0) continue; // never in the dataset: left as it is rather than guessed at
    let cityId = inCounty?.id;
    if (cityId === undefined) {
      await db.updateTable('geo_regions').set({ parent_id: county.id, level: 2, code: null, sort: 0 }).where('id', '=', top.id).execute();
      cityId = top.id;
    }
    await sql`
      update addresses set province_id = ${county.id}, city_id = ${cityId}, district_id = null,
             province = ${COUNTIES[countyCode] ?? county.name}, city = province, district = ''
       where province_id = ${top.id}`.execute(db);
    if (cityId !== top.id) await db.deleteFrom('geo_regions').where('id', '=', top.id).execute();
  }

  // Budapest's districts, I. to XXIII., after any other entry under it ("Budapest" itself).
  const budapest = await topRegion(db, 'HU-BU');
  if (budapest) {
    const under = await children(db, budapest.id);
    for (const [i, district] of DISTRICTS.entries()) {
      const found = [district.name, ...district.was].flatMap((name) => under.filter((r) => r.name === name));
      const [kept, ...others] = found;
      if (!kept) {
        await insertRegion(db, { parent: budapest.id, level: 2, code: null, name: district.name, sort: i + 1 });
        continue;
      }
      for (const other of others) await mergeCity(db, other.id, kept.id);
      await db.updateTable('geo_regions').set({ name: district.name, sort: i + 1 }).where('id', '=', kept.id).execute();
    }
  }

  // The top of the list in the loader's order (by English name; the service sorts by the reader's language).
  const tops = await db.selectFrom('geo_regions').select(['id', 'name']).where('country_code', '=', 'HU').where('parent_id', 'is', null).execute();
  const collator = new Intl.Collator('en');
  for (const [i, r] of tops.sort((a, b) => collator.compare(a.name, b.name)).entries()) await db.updateTable('geo_regions').set({ sort: i + 1 }).where('id', '=', r.id).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
