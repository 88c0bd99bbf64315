import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { halfWidthPunctuationNextToCjk, mainlandTerms } from './chinese-wording.js';
import { PACKS_DIR } from './packs.js';

const namespaces = () =>
  fs
    .readdirSync(PACKS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const pack = (ns: string, lang: string) => JSON.parse(fs.readFileSync(path.join(PACKS_DIR, ns, `${lang}.json`), 'utf8')) as Record<string, string>;
const texts = (lang: string) => namespaces().flatMap((ns) => Object.entries(pack(ns, lang)).map(([key, text]) => [`${ns}: ${key}`, key, text] as const));

// The calendar's weekday names are a list the member app splits on ASCII commas, not a sentence.
const LISTS = new Set(['app.component.weekdays']);

describe('Chinese and Japanese packs', () => {
  it.each(['zh-cn', 'zh-tw', 'jp'])('%s uses full-width punctuation next to its own characters', (lang) => {
    const all = texts(lang);
    expect(all.length).toBeGreaterThan(3000);
    const halfWidth = all.filter(([, key]) => !LISTS.has(key)).flatMap(([where, , text]) => halfWidthPunctuationNextToCjk(text).map((mark) => `${where}: "${mark}" in ${text}`));
    expect(halfWidth).toEqual([]);
  });

  it('zh-tw reads as Taiwan writes it, in the member app and the console alike', () => {
    const mainland = texts('zh-tw').flatMap(([where, , text]) => mainlandTerms(text).map((term) => `${where}: ${term}`));
    expect(mainland).toEqual([]);
  });

  it.each([
    ['zh-cn', '《用户协议》', '《隐私政策》'],
    ['zh-tw', '《使用者條款》', '《隱私權政策》'],
    ['jp', '利用規約', 'プライバシーポリシー'],
  ])('%s names the two documents of the sign-up sentence as the links under it and the console do', (lang, user, privacy) => {
    const catalogue = pack('catalogue', lang);
    const sentence = pack('account', lang)['account.agreement.policies'];
    expect(sentence).toContain(user);
    expect(sentence).toContain(privacy);
    expect(user).toContain(catalogue['catalogue.agreement.user']);
    expect(privacy).toContain(catalogue['catalogue.agreement.privacy']);
    expect(pack('console-content', lang)['console.content.agreementKinds.user']).toBe(catalogue['catalogue.agreement.user']);
    expect(pack('console-content', lang)['console.content.agreementKinds.privacy']).toBe(catalogue['catalogue.agreement.privacy']);
  });

  it.each([
    ['zh-cn', '申请'],
    ['zh-tw', '申請'],
    ['jp', '申請'],
  ])('%s says once that a referral or shop application is under review', (lang, word) => {
    const text = pack('referral', lang)['referral.app.sentUnderReview'] ?? '';
    expect(text.split(word).length - 1).toBe(1);
  });

  it('finds what it looks for', () => {
    expect(halfWidthPunctuationNextToCjk('已通過,請寄回商品')).toEqual(['過,']);
    expect(halfWidthPunctuationNextToCjk('確認通過該售後申請?會員將被要求寄回商品。')).toEqual(['請?']);
    expect(halfWidthPunctuationNextToCjk('下單時間:{{time}}')).toEqual(['間:']);
    expect(halfWidthPunctuationNextToCjk('結算({{count}})')).toEqual(['算(']);
    expect(halfWidthPunctuationNextToCjk('客服每天 8:00-24:00 在線。以 https:// 開頭，例如 /pages/goods/goodsInfo?id=12，100,000 點')).toEqual([]);
    expect(halfWidthPunctuationNextToCjk('サポートは毎日8:00〜24:00に対応しています。')).toEqual([]);
    expect(mainlandTerms('提現到銀行卡')).toEqual(['提現 → 提領', '銀行卡 → 銀行帳戶 / 信用卡、金融卡']);
    expect(mainlandTerms('用戶端')).toEqual([]);
    expect(mainlandTerms('用戶名')).toEqual(['用戶 → 使用者']);
    expect(mainlandTerms('手機號碼')).toEqual([]);
    expect(mainlandTerms('手機號 {{value}}')).toEqual(['手機號 → 手機號碼']);
  });
});
