/**
 * Chinese and Japanese texts use full-width punctuation next to their own characters ("已通過，請寄回商品",
 * "下單時間：{{time}}"); an ASCII comma, question mark, colon, semicolon, exclamation mark or bracket
 * there reads as a typo. Between two Latin or number tokens ASCII stays ("14:33", "https://", "100,000").
 */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff01-\\uff60';
const HALF_WIDTH = '[,?:;!()]';
const NEXT_TO_CJK = new RegExp(`[${CJK}]${HALF_WIDTH}|${HALF_WIDTH}[${CJK}]`, 'gu');

/** The ASCII punctuation marks that touch a Chinese or Japanese character, each with its neighbour ("過,", "?會"). */
export function halfWidthPunctuationNextToCjk(text: string): string[] {
  return [...text.matchAll(NEXT_TO_CJK)].map((m) => m[0]);
}

/**
 * Mainland wording the Traditional Chinese (Taiwan) packs no longer use, each with the word Taiwan
 * writes. `用戶端` (a client program) is Taiwan's own word and stays; only `用戶` for a person is mainland.
 */
export const MAINLAND_TERMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/提現/, '提領'],
  [/銀行卡/, '銀行帳戶 / 信用卡、金融卡'],
  [/幣種/, '幣別'],
  [/發貨/, '出貨'],
  [/收貨(地址|人|資訊)/, '收件地址 / 收件人 / 收件資訊'],
  [/用戶(?!端)/, '使用者'],
  [/用户|账/, '使用者 / 帳'],
  [/賬/, '帳'],
  [/二維碼|掃碼/, 'QR 碼 / 掃描'],
  [/郵箱/, '信箱、電子郵件'],
  [/點擊/, '點選'],
  [/聯繫/, '聯絡'],
  [/手機號(?!碼)/, '手機號碼'],
  [/用戶協議|隱私政策/, '使用者條款 / 隱私權政策'],
  [/信息/, '資訊、訊息'],
  [/視頻/, '影片'],
  [/默認/, '預設'],
  [/登錄/, '登入'],
  [/軟件/, '軟體'],
  [/網絡/, '網路'],
  [/短信/, '簡訊'],
  [/激活/, '啟用'],
  [/保存/, '儲存'],
];

/** The mainland terms in one Traditional Chinese text, each as "term → Taiwan's word". */
export function mainlandTerms(text: string): string[] {
  return MAINLAND_TERMS.flatMap(([term, taiwan]) => {
    const m = term.exec(text);
    return m ? [`${m[0]} → ${taiwan}`] : [];
  });
}
