import { sql, type Kysely } from 'kysely';

// Japan's 47 prefectures as a Japanese member picks them: named in Japanese (都道府県), and in the
// order every Japanese form lists them, the JIS X 0401 order (北海道 01 … 沖縄県 47), which the ISO
// 3166-2:JP codes follow. The regions dataset names them in English only ("Aichi Prefecture") and the
// loader ordered them by those names. Chinese readers get the same kanji names in their own script
// (县/縣 for 県). Names are matched by ISO code and merged into `names` beside any other language;
// the municipalities stay romanized (no dataset; see the decision record). Running this again changes nothing.

/** ISO 3166-2:JP → [Japanese, Simplified Chinese, Traditional Chinese]. */
const PREFECTURES: Record<string, [jp: string, zhCn: string, zhTw: string]> = {
  'JP-01': ['北海道', '北海道', '北海道'],
  'JP-02': ['青森県', '青森县', '青森縣'],
  'JP-03': ['岩手県', '岩手县', '岩手縣'],
  'JP-04': ['宮城県', '宫城县', '宮城縣'],
  'JP-05': ['秋田県', '秋田县', '秋田縣'],
  'JP-06': ['山形県', '山形县', '山形縣'],
  'JP-07': ['福島県', '福岛县', '福島縣'],
  'JP-08': ['茨城県', '茨城县', '茨城縣'],
  'JP-09': ['栃木県', '栃木县', '栃木縣'],
  'JP-10': ['群馬県', '群马县', '群馬縣'],
  'JP-11': ['埼玉県', '埼玉县', '埼玉縣'],
  'JP-12': ['千葉県', '千叶县', '千葉縣'],
  'JP-13': ['東京都', '东京都', '東京都'],
  'JP-14': ['神奈川県', '神奈川县', '神奈川縣'],
  'JP-15': ['新潟県', '新潟县', '新潟縣'],
  'JP-16': ['富山県', '富山县', '富山縣'],
  'JP-17': ['石川県', '石川县', '石川縣'],
  'JP-18': ['福井県', '福井县', '福井縣'],
  'JP-19': ['山梨県', '山梨县', '山梨縣'],
  'JP-20': ['長野県', '长野县', '長野縣'],
  'JP-21': ['岐阜県', '岐阜县', '岐阜縣'],
  'JP-22': ['静岡県', '静冈县', '靜岡縣'],
  'JP-23': ['愛知県', '爱知县', '愛知縣'],
  'JP-24': ['三重県', '三重县', '三重縣'],
  'JP-25': ['滋賀県', '滋贺县', '滋賀縣'],
  'JP-26': ['京都府', '京都府', '京都府'],
  'JP-27': ['大阪府', '大阪府', '大阪府'],
  'JP-28': ['兵庫県', '兵库县', '兵庫縣'],
  'JP-29': ['奈良県', '奈良县', '奈良縣'],
  'JP-30': ['和歌山県', '和歌山县', '和歌山縣'],
  'JP-31': ['鳥取県', '鸟取县', '鳥取縣'],
  'JP-32': ['島根県', '岛根县', '島根縣'],
  'JP-33': ['岡山県', '冈山县', '岡山縣'],
  'JP-34': ['広島県', '广岛县', '廣島縣'],
  'JP-35': ['山口県', '山口县', '山口縣'],
  'JP-36': ['徳島県', '德岛县', '德島縣'],
  'JP-37': ['香川県', '香川县', '香川縣'],
  'JP-38': ['愛媛県', '爱媛县', '愛媛縣'],
  'JP-39': ['高知県', '高知县', '高知縣'],
  'JP-40': ['福岡県', '福冈县', '福岡縣'],
  'JP-41': ['佐賀県', '佐贺县', '佐賀縣'],
  'JP-42': ['長崎県', '长崎县', '長崎縣'],
  'JP-43': ['熊本県', '熊本县', '熊本縣'],
  'JP-44': ['大分県', '大分县', '大分縣'],
  'JP-45': ['宮崎県', '宫崎县', '宮崎縣'],
  'JP-46': ['鹿児島県', '鹿儿岛县', '鹿兒島縣'],
  'JP-47': ['沖縄県', '冲绳县', '沖繩縣'],
};

export async function up(db: Kysely<any>): Promise<void> {
  const rows = Object.entries(PREFECTURES).map(([code, [jp, zhCn, zhTw]]) => ({ code, sort: Number(code.slice(3)), names: { jp, 'zh-cn': zhCn, 'zh-tw': zhTw } }));
  await sql`
    update geo_regions r set names = coalesce(r.names, '{}'::jsonb) || v.names, sort = v.sort
      from json_to_recordset(${JSON.stringify(rows)}::json) as v(code text, sort int, names jsonb)
     where r.country_code = 'JP' and r.parent_id is null and r.code = v.code`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
