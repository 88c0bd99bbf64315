import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newCategories } from './fixtures.js';
import { call } from './helpers.js';

// What shoppers type on Japanese and Chinese keyboards: half-width katakana, full-width Latin, two
// words apart (with the ideographic space too), a Simplified word while reading Traditional.

let t: TestApp;
const ids: Record<string, number> = {};

async function goodsNamed(categoryId: number, key: string, name: Record<string, string>) {
  const row = await t.db
    .insertInto('goods')
    .values({ category_id: categoryId, name: JSON.stringify(name), price_minor: 1000, market_price_minor: 1200 })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const c = await newCategories(t);
  await goodsNamed(c.parentId, 'maker', { 'en-us': 'Aurora Coffee Maker', 'zh-cn': '极光咖啡机', 'zh-tw': '極光咖啡機', jp: 'オーロラ コーヒーメーカー' });
  await goodsNamed(c.parentId, 'cup', { 'en-us': 'Coffee Cup', 'zh-cn': '咖啡杯', 'zh-tw': '咖啡杯', jp: 'コーヒーカップ' });
  await goodsNamed(c.parentId, 'phone', { 'en-us': 'Smartphone', 'zh-cn': '智能手机', 'zh-tw': '智慧型手機', jp: 'スマートフォン' });
  await goodsNamed(c.parentId, 'cable', { 'en-us': 'Charging cable', 'zh-cn': '充电线', 'zh-tw': '充電線', jp: 'ＵＳＢｹｰﾌﾞﾙ' });
  await goodsNamed(c.parentId, 'tee', { 'en-us': '100% Cotton Tee', 'zh-cn': '纯棉T恤', 'zh-tw': '純棉T恤', jp: '綿100%Tシャツ' });
});
afterAll(() => t.close());

const found = async (keyword: string, lang: string): Promise<string[]> => {
  const { status, body } = await call(t, 'GET', `/shop/goods/list?keyword=${encodeURIComponent(keyword)}`, { lang });
  expect(status).toBe(200);
  expect(body.data.total).toBe(body.data.list.length);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return body.data.list.map((g: { id: number }) => byId[g.id]).sort();
};

describe('catalogue search as shoppers type', () => {
  it.each([
    ['コーヒー', 'jp', ['cup', 'maker']],
    ['ｺｰﾋｰ', 'jp', ['cup', 'maker']],
    ['aurora', 'jp', ['maker']],
    ['ＡＵＲＯＲＡ', 'jp', ['maker']],
    ['コーヒー メーカー', 'jp', ['maker']],
    ['コーヒー\u3000メーカー', 'jp', ['maker']],
    ['ｺｰﾋｰ　ﾒｰｶｰ', 'jp', ['maker']],
    ['手机', 'zh-tw', ['phone']],
    ['咖啡 機', 'zh-tw', ['maker']],
    ['咖啡', 'zh-tw', ['cup', 'maker']],
    ['coffee 咖啡机', 'en-us', ['maker']],
  ])('%s (read in %s) finds its goods', async (keyword, lang, expected) => {
    expect(await found(keyword, lang)).toEqual(expected);
  });

  it('compares names stored in full-width or half-width forms as typed plainly', async () => {
    expect(await found('usb', 'en-us')).toEqual(['cable']);
    expect(await found('ケーブル', 'jp')).toEqual(['cable']);
  });

  it('finds nothing when one word is in no name', async () => {
    expect(await found('コーヒー 紅茶', 'jp')).toEqual([]);
    expect(await found('coffee teapot', 'en-us')).toEqual([]);
  });

  it('takes % and _ literally, and never the names of the languages', async () => {
    expect(await found('%', 'en-us')).toEqual(['tee']);
    expect(await found('100％', 'jp')).toEqual(['tee']);
    expect(await found('_', 'en-us')).toEqual([]);
    expect(await found('zh-cn', 'en-us')).toEqual([]);
  });
});
