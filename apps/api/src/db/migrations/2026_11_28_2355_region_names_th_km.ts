import { sql, type Kysely } from 'kysely';

// The provinces of Thailand and Cambodia in their own scripts: country-state-city names them in
// English only, so a Thai or Khmer reader picked their province from an English list. The names are
// the official ones (Thai: the province's name as the Ministry of Interior writes it, Bangkok by its
// special administrative name; Khmer: with its class, ខេត្ត province or រាជធានី the capital), matched
// by ISO 3166-2 code and merged into `names` beside any other language.

/** ISO 3166-2:TH → Thai name: the 76 provinces, Bangkok and Pattaya (TH-S, a special administrative city). */
const TH: Record<string, string> = {
  'TH-10': 'กรุงเทพมหานคร',
  'TH-11': 'สมุทรปราการ',
  'TH-12': 'นนทบุรี',
  'TH-13': 'ปทุมธานี',
  'TH-14': 'พระนครศรีอยุธยา',
  'TH-15': 'อ่างทอง',
  'TH-16': 'ลพบุรี',
  'TH-17': 'สิงห์บุรี',
  'TH-18': 'ชัยนาท',
  'TH-19': 'สระบุรี',
  'TH-20': 'ชลบุรี',
  'TH-21': 'ระยอง',
  'TH-22': 'จันทบุรี',
  'TH-23': 'ตราด',
  'TH-24': 'ฉะเชิงเทรา',
  'TH-25': 'ปราจีนบุรี',
  'TH-26': 'นครนายก',
  'TH-27': 'สระแก้ว',
  'TH-30': 'นครราชสีมา',
  'TH-31': 'บุรีรัมย์',
  'TH-32': 'สุรินทร์',
  'TH-33': 'ศรีสะเกษ',
  'TH-34': 'อุบลราชธานี',
  'TH-35': 'ยโสธร',
  'TH-36': 'ชัยภูมิ',
  'TH-37': 'อำนาจเจริญ',
  'TH-38': 'บึงกาฬ',
  'TH-39': 'หนองบัวลำภู',
  'TH-40': 'ขอนแก่น',
  'TH-41': 'อุดรธานี',
  'TH-42': 'เลย',
  'TH-43': 'หนองคาย',
  'TH-44': 'มหาสารคาม',
  'TH-45': 'ร้อยเอ็ด',
  'TH-46': 'กาฬสินธุ์',
  'TH-47': 'สกลนคร',
  'TH-48': 'นครพนม',
  'TH-49': 'มุกดาหาร',
  'TH-50': 'เชียงใหม่',
  'TH-51': 'ลำพูน',
  'TH-52': 'ลำปาง',
  'TH-53': 'อุตรดิตถ์',
  'TH-54': 'แพร่',
  'TH-55': 'น่าน',
  'TH-56': 'พะเยา',
  'TH-57': 'เชียงราย',
  'TH-58': 'แม่ฮ่องสอน',
  'TH-60': 'นครสวรรค์',
  'TH-61': 'อุทัยธานี',
  'TH-62': 'กำแพงเพชร',
  'TH-63': 'ตาก',
  'TH-64': 'สุโขทัย',
  'TH-65': 'พิษณุโลก',
  'TH-66': 'พิจิตร',
  'TH-67': 'เพชรบูรณ์',
  'TH-70': 'ราชบุรี',
  'TH-71': 'กาญจนบุรี',
  'TH-72': 'สุพรรณบุรี',
  'TH-73': 'นครปฐม',
  'TH-74': 'สมุทรสาคร',
  'TH-75': 'สมุทรสงคราม',
  'TH-76': 'เพชรบุรี',
  'TH-77': 'ประจวบคีรีขันธ์',
  'TH-80': 'นครศรีธรรมราช',
  'TH-81': 'กระบี่',
  'TH-82': 'พังงา',
  'TH-83': 'ภูเก็ต',
  'TH-84': 'สุราษฎร์ธานี',
  'TH-85': 'ระนอง',
  'TH-86': 'ชุมพร',
  'TH-90': 'สงขลา',
  'TH-91': 'สตูล',
  'TH-92': 'ตรัง',
  'TH-93': 'พัทลุง',
  'TH-94': 'ปัตตานี',
  'TH-95': 'ยะลา',
  'TH-96': 'นราธิวาส',
  'TH-S': 'พัทยา',
};

/**
 * ISO 3166-2:KH → Khmer name: the capital and the provinces the dataset has (it lacks KH-25 Tboung
 * Khmum; its "KH-NTP Tai Po District" is a district of Hong Kong filed under Cambodia and gets no name here).
 */
const KH: Record<string, string> = {
  'KH-1': 'ខេត្តបន្ទាយមានជ័យ',
  'KH-2': 'ខេត្តបាត់ដំបង',
  'KH-3': 'ខេត្តកំពង់ចាម',
  'KH-4': 'ខេត្តកំពង់ឆ្នាំង',
  'KH-5': 'ខេត្តកំពង់ស្ពឺ',
  'KH-6': 'ខេត្តកំពង់ធំ',
  'KH-7': 'ខេត្តកំពត',
  'KH-8': 'ខេត្តកណ្ដាល',
  'KH-9': 'ខេត្តកោះកុង',
  'KH-10': 'ខេត្តក្រចេះ',
  'KH-11': 'ខេត្តមណ្ឌលគិរី',
  'KH-12': 'រាជធានីភ្នំពេញ',
  'KH-13': 'ខេត្តព្រះវិហារ',
  'KH-14': 'ខេត្តព្រៃវែង',
  'KH-15': 'ខេត្តពោធិ៍សាត់',
  'KH-16': 'ខេត្តរតនគិរី',
  'KH-17': 'ខេត្តសៀមរាប',
  'KH-18': 'ខេត្តព្រះសីហនុ',
  'KH-19': 'ខេត្តស្ទឹងត្រែង',
  'KH-20': 'ខេត្តស្វាយរៀង',
  'KH-21': 'ខេត្តតាកែវ',
  'KH-22': 'ខេត្តឧត្ដរមានជ័យ',
  'KH-23': 'ខេត្តកែប',
  'KH-24': 'ខេត្តប៉ៃលិន',
};

const SETS = [
  { country: 'TH', lang: 'th', names: TH },
  { country: 'KH', lang: 'km', names: KH },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { country, lang, names } of SETS) {
    await sql`
      update geo_regions r set names = coalesce(r.names, '{}'::jsonb) || jsonb_build_object(${lang}::text, v.value)
        from json_each_text(${JSON.stringify(names)}::json) as v
       where r.country_code = ${country} and r.parent_id is null and r.code = v.key`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // The regions had no names before (null): a row left with none is null again.
  for (const { country, lang, names } of SETS) {
    await sql`
      update geo_regions r set names = nullif(r.names - ${lang}::text, '{}'::jsonb)
       where r.country_code = ${country} and r.parent_id is null and r.code = any(${Object.keys(names)}::text[]) and r.names ? ${lang}::text`.execute(db);
  }
}
