import { sql, type Kysely } from 'kysely';
import { getDistricts, getProvinces } from 'thai-address-universal';

// Thailand's city level as Thais write an address: the 928 districts (amphoe, and Bangkok's 50 khet)
// of the Department of Provincial Administration, each once under its province, in Thai and English.
// The regions dataset gave a mix instead: many districts twice ("Amphoe Fang" and "Fang"), towns and
// villages beside them ("Patong", "Ban Kata"), some in the wrong province (Pai under Chiang Mai), 16
// districts missing (11 of Chaiyaphum's 16), and English only. The districts come from
// thai-address-universal (pinned exactly in apps/api/package.json), its few slips corrected below. A
// row of the old list that is a district keeps its id and becomes that district; a second row of the
// same district, a town and a misplaced entry are removed, their addresses pointed at the district
// they lie in (and its province); a place that cannot be placed with confidence is removed and its
// addresses keep the name they were saved with, typed as it were. Running this again changes nothing.

/** The dataset's province numbers that are not the DOPA/ISO ones: Bueng Kan is 38. */
const PROVINCE_NUMBERS: Record<string, string> = { '97': '38' };

/** Geocodes the dataset lacks or repeats, by province number and Thai name (DOPA's list). */
const GEOCODES: Record<string, string> = {
  '38:เมืองบึงกาฬ': '3801',
  '38:พรเจริญ': '3802',
  '38:โซ่พิสัย': '3803',
  '38:เซกา': '3804',
  '38:ปากคาด': '3805',
  '38:บึงโขงหลง': '3806',
  '38:ศรีวิไล': '3807',
  '38:บุ่งคล้า': '3808',
  '50:กัลยาณิวัฒนา': '5025',
  '53:น้ำปาด': '5304',
};

/**
 * English names by geocode where the dataset's romanization slipped ("Satn", "Upnnat"), and the two
 * Bang Sai of Ayutthaya (บางไทร, บางซ้าย: one romanization), told apart by their Thai names.
 */
const ENGLISH: Record<string, string> = {
  '1028': 'Sathon',
  '1306': 'Lam Luk Ka',
  '1404': 'Bang Sai (บางไทร)',
  '1413': 'Bang Sai (บางซ้าย)',
  '1703': 'Khai Bang Rachan',
  '2408': 'Sanam Chai Khet',
  '3216': 'Khwao Sinarin',
  '4008': 'Ubolratana',
  '4013': 'Waeng Yai',
  '4020': 'Phu Pha Man',
  '4808': 'Si Songkhram',
  '5025': 'Galyani Vadhana',
  '5304': 'Nam Pat',
  '7107': 'Thong Pha Phum',
  '7303': 'Nakhon Chai Si',
  '7402': 'Krathum Baen',
  '7604': 'Cha-am',
  '8201': 'Mueang Phang Nga',
};

/**
 * Entries of the old list, by province (ISO 3166-2) and name, that are not a district's name: other
 * spellings of a district, towns and villages (→ the district they lie in), entries filed under the
 * wrong province (→ a district of another: its geocode names the province), and places that cannot be
 * placed with confidence (null). A province's own name is its capital: its Mueang district (0 1).
 */
const ENTRIES: Record<string, string | null> = {
  'TH-10:Bang Kho laen': '1031',
  'TH-10:Bang Khun thain': '1021',
  'TH-10:Parthum Wan': '1007',
  'TH-10:Vadhana': '1039',
  'TH-10:Bangkok': null, // the whole city: no one district
  'TH-11:Ban Khlong Bang Sao Thong': '1106',
  'TH-13:Ban Lam Luk Ka': '1306',
  'TH-14:Amphoe Bang Sai': '1404',
  'TH-14:Ban Bang Kadi Pathum Thani': '1301', // Bang Kadi, Mueang Pathum Thani
  'TH-15:Ban Thai Tan': null,
  'TH-17:Bang Racham': '1702',
  'TH-20:Ban Ko Lan': '2004', // Ko Lan, Pattaya, Bang Lamung
  'TH-20:Ban Talat Bueng': '2007', // Bueng, Si Racha
  'TH-20:Pattaya': '2004',
  'TH-21:Amphoe Nikhom Phattana': '2108',
  'TH-21:Ban Phe': '2101',
  'TH-23:Ko Chang Tai': '2307',
  'TH-30:Amphoe Sikhiu': '3020',
  'TH-30:Ban Huai Thalaeng': '3016',
  'TH-34:Amphoe Khemmarat': '3405',
  'TH-35:Amphoe Kham Khuan Kaeo': '3504',
  'TH-36:Nakhon Nayok': '2601', // the town of Nakhon Nayok province
  'TH-41:Ban Nong Wua So': '4103',
  'TH-41:Ban Phan Don': '4104', // Phan Don, Kumphawapi
  'TH-43:Phon Charoen': '3802', // Bueng Kan's since 2011
  'TH-45:Amphoe Thawatchaburi': '4505',
  'TH-45:Ban Selaphum': '4510',
  'TH-45:Waeng': '4507', // Waeng, Phon Thong
  'TH-50:Pai': '5803', // Mae Hong Son's
  'TH-64:Ban Na': null,
  'TH-72:Ban Sam Chuk': '7208',
  'TH-81:Saladan': '8103', // Sala Dan, Ko Lanta
  'TH-82:Ban Ao Nang': '8101', // Ao Nang, Mueang Krabi
  'TH-82:Ban Khao Lak': '8205', // Khuekkhak, Takua Pa
  'TH-82:Ban Phru Nai': '8202',
  'TH-83:Ban Chalong': '8301',
  'TH-83:Ban Karon': '8301',
  'TH-83:Ban Kata': '8301', // Karon
  'TH-83:Ban Ko Kaeo': '8301',
  'TH-83:Ban Mai Khao': '8303',
  'TH-83:Ban Ratsada': '8301',
  'TH-83:Ban Talat Nua': '8301',
  'TH-83:Ban Talat Yai': '8301',
  'TH-83:Nai Harn': '8301', // Rawai
  'TH-83:Patong': '8302', // Pa Tong, Kathu
  'TH-83:Rawai': '8301',
  'TH-83:Wichit': '8301',
  'TH-84:Amphoe Wiphawadi': '8419',
  'TH-84:Koh Tao': '8405', // Ko Tao, Ko Phangan
  'TH-84:Tha Kham': '8417', // Phunphin
  'TH-84:Tha Khanon': '8408', // Khiri Rat Nikhom
  'TH-86:Ban Nam Yuen': null,
  'TH-90:Ban Mai': null,
  'TH-96:Ban Su-ngai Pa Di': '9611',
};

type District = { code: string; th: string; en: string };

/** A name as the old list may spell it: no "Amphoe"/"District", "Muang" for "Mueang", letters only. */
const spelling = (name: string) =>
  name
    .toLowerCase()
    .replace(/^amphoe /, '')
    .replace(/ district$/, '')
    .replace(/^muang/, 'mueang')
    .replace(/[^a-z]/g, '');

/** Province number → its districts, from the dataset with the corrections above; refuses a list that is not DOPA's 77 and 928. */
async function officialDistricts(): Promise<Map<string, District[]>> {
  const byProvince = new Map<string, District[]>();
  for (const province of await getProvinces()) {
    const number = PROVINCE_NUMBERS[province.code] ?? province.code;
    const list = (await getDistricts(province.code)).map((d) => {
      const code = GEOCODES[`${number}:${d.nameTh}`] ?? d.code;
      return { code, th: d.nameTh, en: ENGLISH[code] ?? d.nameEn };
    });
    byProvince.set(number, list);
  }
  const codes = [...byProvince.values()].flat().map((d) => d.code);
  if (byProvince.size !== 77 || codes.length !== 928 || new Set(codes).size !== 928 || [...byProvince].some(([n, list]) => list.some((d) => !d.code.startsWith(n) || d.code.length !== 4)))
    throw new Error('thai-address-universal: not the 77 provinces and 928 districts this migration was written for');
  return byProvince;
}

type Row = { id: number; parent_id: number; code: string | null; name: string };

export async function up(db: Kysely<any>): Promise<void> {
  const districts = await officialDistricts();
  const provinces = await db.selectFrom('geo_regions').select(['id', 'code', 'names']).where('country_code', '=', 'TH').where('parent_id', 'is', null).execute();
  const provinceId = new Map(provinces.filter((p) => /^TH-\d\d$/.test(p.code)).map((p) => [(p.code as string).slice(3), p.id as number]));
  const provinceOf = new Map(provinces.map((p) => [p.id as number, p]));
  const rows: Row[] = await db.selectFrom('geo_regions').select(['id', 'parent_id', 'code', 'name']).where('country_code', '=', 'TH').where('level', '=', 2).orderBy('id').execute();

  // Each old row's district (its geocode), or null: a row already a district by its geocode (this run
  // again), else by the list above, else by spelling within its province.
  const geocodes = new Set([...districts.values()].flat().map((d) => d.code));
  const bySpelling = new Map<string, Map<string, string | undefined>>();
  for (const [number, list] of districts) {
    const m = new Map<string, string | undefined>();
    // A spelling two districts share (the two Bang Sai) matches neither.
    for (const d of list) m.set(spelling(d.en), m.has(spelling(d.en)) ? undefined : d.code);
    bySpelling.set(number, m);
  }
  const target = (r: Row): string | null => {
    if (r.code !== null && geocodes.has(r.code)) return r.code;
    const iso = provinceOf.get(r.parent_id)?.code as string | undefined;
    const number = iso?.slice(3) ?? '';
    const listed = ENTRIES[`${iso}:${r.name}`];
    if (listed !== undefined) return listed;
    const own = bySpelling.get(number)?.get(spelling(r.name));
    if (own) return own;
    // A province's name is its capital town, in the Mueang district (Bangkok, with none, is listed above).
    const province = districts.get(number)?.find((d) => d.code === `${number}01`);
    return province && spelling(province.en) === `mueang${spelling(r.name)}` ? province.code : null;
  };

  const claims = new Map<string, Row[]>();
  const unplaced: number[] = [];
  for (const r of rows) {
    const code = target(r);
    if (code === null) unplaced.push(r.id);
    else claims.set(code, [...(claims.get(code) ?? []), r]);
  }

  type Kept = { id: number; parent: number; code: string; name: string; th: string };
  const kept: Kept[] = [];
  const added: Kept[] = [];
  const moves: Array<{ from: number; to: number }> = [];
  let nextId = ((await sql<{ max: number | null }>`select max(id) as max from geo_regions`.execute(db)).rows[0]?.max ?? 0) + 1;
  for (const [number, list] of districts) {
    const parent = provinceId.get(number);
    if (parent === undefined) throw new Error(`Thailand: no province TH-${number} to put its districts under`);
    for (const d of list) {
      const found = claims.get(d.code) ?? [];
      // Kept: an entry under the right province first (the district's own row before a town's).
      const keep = found.find((r) => r.parent_id === parent && spelling(r.name) === spelling(d.en)) ?? found.find((r) => r.parent_id === parent) ?? found[0];
      const row = { parent, code: d.code, name: d.en, th: d.th };
      if (keep) kept.push({ id: keep.id, ...row });
      else added.push({ id: nextId++, ...row });
      const to = keep?.id ?? added[added.length - 1]!.id;
      for (const r of found) if (r !== keep) moves.push({ from: r.id, to });
    }
  }

  if (added.length)
    await sql`
      insert into geo_regions (id, country_code, parent_id, level, code, name, names, sort)
      select r.id, 'TH', r.parent, 2, r.code, r.name, jsonb_build_object('th', r.th), 0
        from json_to_recordset(${JSON.stringify(added)}::json) as r(id int, parent int, code text, name text, th text)`.execute(db);
  await sql`
    update geo_regions g
       set parent_id = r.parent, level = 2, code = r.code, name = r.name, names = coalesce(g.names, '{}'::jsonb) || jsonb_build_object('th', r.th), sort = 0
      from json_to_recordset(${JSON.stringify(kept)}::json) as r(id int, parent int, code text, name text, th text)
     where g.id = r.id`.execute(db);

  // An address on a removed entry names the district it lies in.
  if (moves.length) {
    const json = JSON.stringify(moves);
    await sql`update addresses a set city_id = m.to from json_to_recordset(${json}::json) as m("from" int, "to" int) where a.city_id = m.from`.execute(db);
    await sql`delete from geo_regions where id in (select m.from from json_to_recordset(${json}::json) as m("from" int))`.execute(db);
  }
  // One whose district lies in another province than it named (Pai was filed under Chiang Mai) names
  // that province, in the language it was saved in (Thai, else the English name).
  await sql`
    update addresses a
       set province_id = c.parent_id,
           province = case when a.province = (select o.names->>'th' from geo_regions o where o.id = a.province_id) then coalesce(p.names->>'th', p.name) else p.name end
      from geo_regions c
      join geo_regions p on p.id = c.parent_id
     where c.id = a.city_id and c.country_code = 'TH' and a.province_id is distinct from c.parent_id`.execute(db);
  // A place not placed: its addresses keep the name they were saved with, as if typed by hand.
  if (unplaced.length) {
    await sql`update addresses set city_id = null where city_id = any(${unplaced}::int[])`.execute(db);
    await sql`delete from geo_regions where id = any(${unplaced}::int[])`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
