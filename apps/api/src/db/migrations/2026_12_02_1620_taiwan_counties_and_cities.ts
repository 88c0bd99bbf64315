import { sql, type Kysely } from 'kysely';

// Taiwan's first level is its 22 counties and cities: six special municipalities, three cities and
// thirteen counties. The regions dataset names them in English only, and two pairs alike ("Chiayi"
// and "Chiayi", "Hsinchu" and "Hsinchu": each a city and the county around it); its few towns were
// misplaced: Banqiao and Jiufen under Taipei (they are in New Taipei, which had none), the city of
// Hsinchu under the county and the county under the city. Here every county and city gets its
// official names (Traditional Chinese as the Ministry of the Interior writes it, 臺 not 台;
// Simplified Chinese; Japanese; English telling the city from the county) and the official order,
// municipalities first; the towns get their Chinese and Japanese names; the misplaced towns move to
// their county or city, and the addresses saved on them move with them (their town's id is kept).
// New Taipei gets a row of its own name, as Taipei, Taichung and the others have. Running this again
// changes nothing. The name a member saved with is not rewritten (see 2026-12-02 address places).

/** ISO 3166-2:TW → [English, Traditional Chinese, Simplified Chinese, Japanese], in the official order. */
const COUNTIES: Array<[code: string, en: string, zhTw: string, zhCn: string, jp: string]> = [
  ['TW-TPE', 'Taipei City', '臺北市', '台北市', '台北市'],
  ['TW-NWT', 'New Taipei City', '新北市', '新北市', '新北市'],
  ['TW-TAO', 'Taoyuan City', '桃園市', '桃园市', '桃園市'],
  ['TW-TXG', 'Taichung City', '臺中市', '台中市', '台中市'],
  ['TW-TNN', 'Tainan City', '臺南市', '台南市', '台南市'],
  ['TW-KHH', 'Kaohsiung City', '高雄市', '高雄市', '高雄市'],
  ['TW-KEE', 'Keelung City', '基隆市', '基隆市', '基隆市'],
  ['TW-HSZ', 'Hsinchu City', '新竹市', '新竹市', '新竹市'],
  ['TW-CYI', 'Chiayi City', '嘉義市', '嘉义市', '嘉義市'],
  ['TW-HSQ', 'Hsinchu County', '新竹縣', '新竹县', '新竹県'],
  ['TW-MIA', 'Miaoli County', '苗栗縣', '苗栗县', '苗栗県'],
  ['TW-CHA', 'Changhua County', '彰化縣', '彰化县', '彰化県'],
  ['TW-NAN', 'Nantou County', '南投縣', '南投县', '南投県'],
  ['TW-YUN', 'Yunlin County', '雲林縣', '云林县', '雲林県'],
  ['TW-CYQ', 'Chiayi County', '嘉義縣', '嘉义县', '嘉義県'],
  ['TW-PIF', 'Pingtung County', '屏東縣', '屏东县', '屏東県'],
  ['TW-ILA', 'Yilan County', '宜蘭縣', '宜兰县', '宜蘭県'],
  ['TW-HUA', 'Hualien County', '花蓮縣', '花莲县', '花蓮県'],
  ['TW-TTT', 'Taitung County', '臺東縣', '台东县', '台東県'],
  ['TW-PEN', 'Penghu County', '澎湖縣', '澎湖县', '澎湖県'],
  ['TW-KIN', 'Kinmen County', '金門縣', '金门县', '金門県'],
  ['TW-LIE', 'Lienchiang County', '連江縣', '连江县', '連江県'],
];

/** Towns the dataset put in the wrong county or city: its name, where it was, where it is. */
const MOVES: Array<{ name: string; from: string; to: string }> = [
  { name: 'Banqiao', from: 'TW-TPE', to: 'TW-NWT' },
  { name: 'Jiufen', from: 'TW-TPE', to: 'TW-NWT' },
  { name: 'Hsinchu', from: 'TW-HSQ', to: 'TW-HSZ' },
  { name: 'Hsinchu County', from: 'TW-HSZ', to: 'TW-HSQ' },
];

/**
 * The towns by county or city and the dataset's name → [Traditional Chinese, Simplified Chinese,
 * Japanese, English where the dataset's is not enough]. A town named as its county or city stands for
 * the whole of it (its coordinates are the county's, not the seat's): named as the county, so a member
 * living in a town the list lacks still picks a true place and writes the town in the address.
 */
const TOWNS: Record<string, Record<string, [zhTw: string, zhCn: string, jp: string, en?: string]>> = {
  'TW-TPE': { Taipei: ['臺北市', '台北市', '台北市'] },
  'TW-NWT': { 'New Taipei': ['新北市', '新北市', '新北市'], Banqiao: ['板橋區', '板桥区', '板橋区'], Jiufen: ['九份', '九份', '九份'] },
  'TW-TAO': { Taoyuan: ['桃園市', '桃园市', '桃園市'], Daxi: ['大溪區', '大溪区', '大渓区'] },
  'TW-TXG': { Taichung: ['臺中市', '台中市', '台中市'] },
  'TW-TNN': { Tainan: ['臺南市', '台南市', '台南市'], Yujing: ['玉井區', '玉井区', '玉井区'] },
  'TW-KHH': { Kaohsiung: ['高雄市', '高雄市', '高雄市'] },
  'TW-HSZ': { Hsinchu: ['新竹市', '新竹市', '新竹市', 'Hsinchu City'] },
  'TW-CYI': { Chiayi: ['嘉義市', '嘉义市', '嘉義市', 'Chiayi City'], Pizitou: ['埤子頭', '埤子头', '埤子頭'] },
  'TW-HSQ': { 'Hsinchu County': ['新竹縣', '新竹县', '新竹県'] },
  'TW-MIA': { Miaoli: ['苗栗縣', '苗栗县', '苗栗県', 'Miaoli County'] },
  'TW-CHA': { Changhua: ['彰化縣', '彰化县', '彰化県', 'Changhua County'], Yuanlin: ['員林市', '员林市', '員林市'] },
  'TW-NAN': {
    Nantou: ['南投縣', '南投县', '南投県', 'Nantou County'],
    Lugu: ['鹿谷鄉', '鹿谷乡', '鹿谷郷'],
    Puli: ['埔里鎮', '埔里镇', '埔里鎮'],
    'Zhongxing New Village': ['中興新村', '中兴新村', '中興新村'],
  },
  'TW-YUN': { Yunlin: ['雲林縣', '云林县', '雲林県', 'Yunlin County'], Douliu: ['斗六市', '斗六市', '斗六市'] },
  'TW-CYQ': { 'Chiayi County': ['嘉義縣', '嘉义县', '嘉義県'] },
  'TW-PIF': { Pingtung: ['屏東縣', '屏东县', '屏東県', 'Pingtung County'], Donggang: ['東港鎮', '东港镇', '東港鎮'], Hengchun: ['恆春鎮', '恒春镇', '恒春鎮'] },
  'TW-ILA': { Yilan: ['宜蘭縣', '宜兰县', '宜蘭県', 'Yilan County'] },
  'TW-HUA': { 'Hualien City': ['花蓮市', '花莲市', '花蓮市'] },
  'TW-TTT': { 'Taitung City': ['臺東市', '台东市', '台東市'] },
  'TW-PEN': { Magong: ['馬公市', '马公市', '馬公市'], 'Penghu County': ['澎湖縣', '澎湖县', '澎湖県'] },
  'TW-KIN': { Jincheng: ['金城鎮', '金城镇', '金城鎮'], 'Kinmen County': ['金門縣', '金门县', '金門県'] },
  'TW-LIE': { Lienchiang: ['連江縣', '连江县', '連江県', 'Lienchiang County'], Nangan: ['南竿鄉', '南竿乡', '南竿郷'] },
};

export async function up(db: Kysely<any>): Promise<void> {
  const counties = await db.selectFrom('geo_regions').select(['id', 'code']).where('country_code', '=', 'TW').where('parent_id', 'is', null).execute();
  const countyId = new Map(counties.map((r) => [r.code as string, r.id as number]));
  const county = (code: string) => {
    const id = countyId.get(code);
    if (id === undefined) throw new Error(`Taiwan: no region ${code}`);
    return id;
  };

  // The counties and cities: English name, names in every script, official order.
  const top = COUNTIES.map(([code, en, zhTw, zhCn, jp], i) => ({ code, name: en, sort: i + 1, names: { 'en-us': en, 'zh-tw': zhTw, 'zh-cn': zhCn, jp } }));
  await sql`
    update geo_regions r set name = v.name, names = coalesce(r.names, '{}'::jsonb) || v.names, sort = v.sort
      from json_to_recordset(${JSON.stringify(top)}::json) as v(code text, name text, sort int, names jsonb)
     where r.country_code = 'TW' and r.parent_id is null and r.code = v.code`.execute(db);

  // Misplaced towns move to their county or city, and the addresses naming them follow.
  for (const m of MOVES) {
    const moved = await db
      .updateTable('geo_regions')
      .set({ parent_id: county(m.to) })
      .where('parent_id', '=', county(m.from))
      .where('level', '=', 2)
      .where('name', '=', m.name)
      .returning('id')
      .execute();
    const ids = moved.map((r) => r.id as number);
    if (ids.length) await db.updateTable('addresses').set({ province_id: county(m.to) }).where('city_id', 'in', ids).execute();
  }

  // New Taipei's own row, as every other municipality has one.
  const newTaipei = county('TW-NWT');
  const own = await db.selectFrom('geo_regions').select('id').where('parent_id', '=', newTaipei).where('name', '=', 'New Taipei').executeTakeFirst();
  if (!own) {
    const { id } = await db.selectFrom('geo_regions').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    await db
      .insertInto('geo_regions')
      .values({ id: Number(id) + 1, country_code: 'TW', parent_id: newTaipei, level: 2, code: null, name: 'New Taipei', names: null, sort: 0, latitude: 25.0117, longitude: 121.4658 })
      .execute();
  }

  // The towns' names.
  const towns = Object.entries(TOWNS).flatMap(([code, byName]) =>
    Object.entries(byName).map(([name, [zhTw, zhCn, jp, en]]) => ({ parent: county(code), name, names: { 'zh-tw': zhTw, 'zh-cn': zhCn, jp, ...(en ? { 'en-us': en } : {}) } })),
  );
  await sql`
    update geo_regions r set names = coalesce(r.names, '{}'::jsonb) || v.names
      from json_to_recordset(${JSON.stringify(towns)}::json) as v(parent int, name text, names jsonb)
     where r.parent_id = v.parent and r.level = 2 and r.name = v.name`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
