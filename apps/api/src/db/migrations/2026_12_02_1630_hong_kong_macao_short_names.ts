import { sql, type Kysely } from 'kysely';

// Hong Kong and Macao by the names people use. The loader named Traditional Chinese readers'
// countries from CLDR's regular names, which for these two are the long official forms
// ("中國香港特別行政區"), as are some other languages' from the dataset ("Hong Kong SAR China",
// "ฮ่องกง เขตปกครองพิเศษประเทศจีน"). Each language gets CLDR's short name instead, the one on
// maps, parcels and every other shop's country list. Running this again changes nothing.

/** Language → [Hong Kong, Macao]: CLDR's short names. */
const NAMES: Record<string, [hk: string, mo: string]> = {
  'en-us': ['Hong Kong', 'Macao'],
  'zh-cn': ['香港', '澳门'],
  'zh-tw': ['香港', '澳門'],
  jp: ['香港', 'マカオ'],
  may: ['Hong Kong', 'Macau'],
  hu: ['Hongkong', 'Makaó'],
  id: ['Hong Kong', 'Makau'],
  km: ['ហុងកុង', 'ម៉ាកាវ'],
  th: ['ฮ่องกง', 'มาเก๊า'],
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [i, code] of ['HK', 'MO'].entries()) {
    const names = Object.fromEntries(Object.entries(NAMES).map(([lang, pair]) => [lang, pair[i]]));
    await sql`update geo_countries set names = names || ${JSON.stringify(names)}::jsonb where code = ${code}`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
