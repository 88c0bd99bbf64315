import { DESCRIPTION, PACK, demoText as t, inEveryLanguage, type T } from './demo-data.js';

/**
 * What the demo shop shows beyond its catalogue, so a newcomer can try every feature: group buys
 * reached from the home page, a welcome coupon said on the home page, goods from abroad priced in
 * their own currency. Texts in every language, like the rest of the demo (`texts/<language>.ts`).
 */

/** The welcome coupon every member can use once: its code is on a home banner and in the notices. */
export const WELCOME_COUPON = { code: 'WELCOME5', amount: 500, currency: 'USD', minSpend: 2000, perMember: 1 } as const;

/** Home banners leading to the features; `link` null: the first goods from abroad, known once seeded. */
export const SHOWCASE_BANNERS: Array<{ key: 'group_buy' | 'coupon' | 'world'; title: T; link: string | null; hue: number; sort: number }> = [
  { key: 'group_buy', title: t('Group buys: team up and pay less', '拼团：约上好友更省钱'), link: '/pages/pintuan/index', hue: 350, sort: 95 },
  { key: 'coupon', title: t('Welcome coupon WELCOME5: $5 off', '新人券 WELCOME5：立减5美元'), link: '/pages/tabbar/shop', hue: 45, sort: 90 },
  { key: 'world', title: t('Goods from around the world', '环球好物'), link: null, hue: 185, sort: 85 },
];

export const SHOWCASE_NOTICES: Array<{ title: T; body: T }> = [
  {
    title: t('Welcome coupon: WELCOME5', '新人优惠券：WELCOME5'),
    body: t('Enter WELCOME5 at checkout for $5 off one order of $20 or more.', '结账时输入 WELCOME5，一笔满20美元的订单立减5美元。'),
  },
];

/** Charity causes members can give to (pledges paid like orders). Amounts in minor units of the currency. */
export const CHARITY_CAUSES: Array<{ title: T; description: T; currency: string; min: number; goal: number; hue: number }> = [
  { title: t('Clean water for village schools', '为乡村学校送去清洁饮水'), description: t('Every $5 brings a school a month of safe drinking water.', '每5美元可为一所学校提供一个月的安全饮用水。'), currency: 'USD', min: 500, goal: 2_000_000, hue: 195 },
  { title: t('Meals for flood-hit families', '为洪灾家庭送上热饭'), description: t('Hot meals and food packs for families who lost their homes to the floods.', '为因洪水失去家园的家庭提供热饭和食品包。'), currency: 'MYR', min: 1000, goal: 5_000_000, hue: 30 },
];

/** Goods from abroad, each priced and paid in its own country's currency (minor units of it). */
export interface WorldGoods {
  name: T;
  subtitle: T;
  currency: string;
  /** Price of the single pack; the twin pack costs 1.9 times it. */
  price: number;
  marketPrice: number;
  weightG: number;
  hue: number;
}

export const WORLD_GOODS: WorldGoods[] = [
  { name: t('Uji Matcha Tea Set', '宇治抹茶茶具套装'), subtitle: t('Ships from Japan · priced in yen', '日本发货 · 日元标价'), currency: 'JPY', price: 3800, marketPrice: 4500, weightG: 600, hue: 110 },
  { name: t('Thai Jasmine Rice 5 kg', '泰国茉莉香米5公斤'), subtitle: t('Ships from Thailand · priced in baht', '泰国发货 · 泰铢标价'), currency: 'THB', price: 45900, marketPrice: 52900, weightG: 5200, hue: 50 },
  { name: t('Malaysian White Coffee', '马来西亚白咖啡'), subtitle: t('Ships from Malaysia · priced in ringgit', '马来西亚发货 · 林吉特标价'), currency: 'MYR', price: 2890, marketPrice: 3490, weightG: 700, hue: 25 },
];

const IMPORTED = t('Imported goods: priced and paid in the currency of the country they come from.', '进口商品：以原产国货币标价和支付。');

/** The spec of goods from abroad: single or twin pack. */
export const WORLD_SPECS = [{ id: 2, name: PACK.name, values: PACK.values.slice(0, 2).map((name, i) => ({ id: 21 + i, name })) }];

export function worldGoodsDescription(g: WorldGoods, index: number): T {
  const img = `<p><img src="/media/demo/world-${index + 1}-2.png" alt="" width="600" height="600"></p>`;
  return inEveryLanguage((l) => `<h3>${g.name[l]}</h3><p>${IMPORTED[l]}</p><p>${DESCRIPTION.intro[l]}</p><ul>${DESCRIPTION.points.map((p) => `<li>${p[l]}</li>`).join('')}</ul>${img}`);
}
