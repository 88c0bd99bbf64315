import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, DEMO_MEMBER, freshIp, registerMember } from '../../modules/accounts/__tests__/account-helpers.js';
import { DEMO_WARRANTY_MONTHS } from '../../modules/catalogue/demo/demo-data.js';
import { demoSeeders } from '../index.js';
import { DEMO_GIFTS, DEMO_RETURN_ADDRESS, DEMO_SHOP } from '../showcase.seed.js';

// What `npm start` fills an empty database with shows every feature the README names: a newcomer
// finds running group buys from the home page, a welcome coupon said there, points and gift cards
// in the demo member's wallet and a shop of its own, goods from abroad in their own currencies and
// charity causes, in every language.

let t: TestApp;
const seedAll = async () => {
  for (const seeder of demoSeeders) await seeder.run(t.deps);
};
beforeAll(async () => {
  t = await buildTestApp();
  await seedAll();
});
afterAll(() => t.close());

const get = async (url: string, o: { token?: string; lang?: string } = {}) => {
  const { body } = await call(t, 'GET', url, undefined, { ip: freshIp(), ...o });
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
};

async function demoMemberToken(): Promise<string> {
  const login = await call(t, 'POST', '/user/no_auth/login', { account: DEMO_MEMBER.user_name, password: DEMO_MEMBER.password }, { ip: freshIp() });
  expect(login.body.code).toBe(200);
  return login.body.data.token as string;
}

describe('the demo shop shows every feature', () => {
  it('has a return address and a service point in the demo member’s country, so an approved return says where the goods go', async () => {
    const token = await demoMemberToken();
    const network = await get(`/attractive/AfterSales/network?country=${DEMO_RETURN_ADDRESS.country_code}`, { token });
    expect(network.return_address).toMatchObject({ name: DEMO_RETURN_ADDRESS.name, address: DEMO_RETURN_ADDRESS.address, country_code: 'MY' });
    expect(network.list).toHaveLength(1);
    const profile = await get('/user/info/index', { token });
    expect(profile.country).toBe(DEMO_RETURN_ADDRESS.country_code);
    // Seeding again adds nothing.
    await seedAll();
    expect((await get(`/attractive/AfterSales/network?country=MY`, { token })).list).toHaveLength(1);
  });

  it('gives its goods the warranty their descriptions name, so a member may ask for a repair within it', async () => {
    const goods = await t.db.selectFrom('goods').select(['warranty_months', 'description']).execute();
    expect(goods.length).toBeGreaterThan(200);
    for (const g of goods) {
      expect(g.description['en-us']).toContain(`Official warranty: ${DEMO_WARRANTY_MONTHS} months`);
      expect(g.warranty_months).toBe(DEMO_WARRANTY_MONTHS);
    }
  });

  it('runs group buys, reached from a home banner', async () => {
    const member = await registerMember(t);
    const running = await get('/shop/pintuan/goodsList?limit=20', { token: member.token });
    expect(running.list.length).toBeGreaterThanOrEqual(3);
    for (const g of running.list) {
      expect(Date.parse(g.starts_at)).toBeLessThan(Date.now());
      expect(Date.parse(g.ends_at)).toBeGreaterThan(Date.now() + 30 * 86_400_000);
      expect(g.remaining).toBeGreaterThan(0);
      expect(g.price).toBeLessThan(g.original_price);
    }
    const home = await get('/attractive/page/indexApiData');
    expect(home.banners.map((b: { link: string }) => b.link)).toContain('/pages/pintuan/index');
    // Its picture is drawn like every demo banner's.
    const banner = home.banners.find((b: { link: string }) => b.link === '/pages/pintuan/index');
    const picture = await t.app.inject({ method: 'GET', url: new URL(banner.image, 'http://x').pathname });
    expect(picture.statusCode).toBe(200);
  });

  it('says a welcome coupon on the home page that a new member takes at checkout, once', async () => {
    const home = await get('/attractive/page/indexApiData');
    expect(home.banners.map((b: { title: string }) => b.title).join(' ')).toContain('WELCOME5');
    expect(home.notices.map((n: { title: string }) => n.title).join(' ')).toContain('WELCOME5');

    const member = await registerMember(t);
    const goods = (await get('/shop/goods/list?limit=50')).list.find((g: { price: number; currency: string }) => g.currency === 'USD' && g.price >= 2500);
    const info = await get(`/shop/goods/info?id=${goods.id}`);
    const sku = info.skus.find((s: { stock: number }) => s.stock > 0);
    const preview = await get(`/shop/buy/cartGoods?goods_id=${goods.id}&sku_id=${sku.id}&num=1&coupon_code=welcome5`, { token: member.token });
    expect(preview.coupon_discount).toBe(500);
    expect(preview.total).toBe(preview.subtotal - 500 + preview.freight + preview.operating_fee);
  });

  it('gives the demo member points, shopping points and gift cards to pay with', async () => {
    const token = await demoMemberToken();
    const assets = await get('/attractive/UserPageData/assetPage', { token });
    expect(assets.points).toBe(DEMO_GIFTS.points);
    expect(assets.shopping_points).toBe(DEMO_GIFTS.shopping_points);
    const { count, value, currency } = DEMO_GIFTS.giftCards;
    expect(assets.gift_card).toContainEqual(expect.objectContaining({ currency, available: count * value }));
    const cards = await get('/user/gift_card/list?limit=10', { token });
    expect(cards.list).toHaveLength(count);
    for (const c of cards.list) expect(c).toMatchObject({ currency, value, remaining: value, status: 'active' });
    // Checkout offers them: points pay part of an order.
    const goods = (await get('/shop/goods/list?limit=50')).list.find((g: { price: number; currency: string }) => g.currency === 'USD' && g.price >= 2500);
    const sku = (await get(`/shop/goods/info?id=${goods.id}`)).skus.find((s: { stock: number }) => s.stock > 0);
    const preview = await get(`/shop/buy/cartGoods?goods_id=${goods.id}&sku_id=${sku.id}&num=1&points=1000`, { token });
    expect(preview.points_offer.points).toMatchObject({ balance: DEMO_GIFTS.points });
    expect(preview.points_offer.points.max).toBeGreaterThan(0);
    expect(preview).toMatchObject({ points_used: 1000, points_value: 1000 });
    // The grant reads in the member's language in their points history.
    for (const kind of ['points', 'shopping_points']) {
      for (const lang of LANGUAGES) {
        const log = await get(`/user/wallet/pointsLog?kind=${kind}&page=1&limit=10`, { token, lang });
        expect(log.list, `${kind} ${lang}`).toEqual([expect.objectContaining({ reason: 'points.grant', reason_text: t.deps.i18n.t(lang, 'wallet.reason.grant'), amount: DEMO_GIFTS[kind as 'points'] })]);
      }
    }
    expect(t.deps.i18n.t('th', 'wallet.reason.grant')).not.toBe(t.deps.i18n.t('en-us', 'wallet.reason.grant'));
  });

  it('sells goods from abroad in their own currencies, reached from a home banner, in every language', async () => {
    const home = await get('/attractive/page/indexApiData');
    const world = home.banners.find((b: { link: string }) => /^\/pages\/goods\/goodsInfo\?id=\d+$/.test(b.link));
    expect(world).toBeDefined();
    const id = Number(world.link.split('=')[1]);
    const english = await get(`/shop/goods/info?id=${id}`);
    expect(english).toMatchObject({ name: 'Uji Matcha Tea Set', currency: 'JPY' });
    expect(english.skus.every((s: { stock: number }) => s.stock > 0)).toBe(true);
    // A member checks it out in yen, with methods that take yen.
    const member = await registerMember(t);
    const preview = await get(`/shop/buy/cartGoods?goods_id=${id}&sku_id=${english.skus[0].id}&num=1`, { token: member.token });
    expect(preview).toMatchObject({ currency: 'JPY', subtotal: 3800 });
    const currencies = new Set<string>();
    for (const word of ['Matcha', 'Jasmine', 'White Coffee']) currencies.add((await get(`/shop/goods/list?keyword=${encodeURIComponent(word)}`)).list[0].currency);
    expect([...currencies].sort()).toEqual(['JPY', 'MYR', 'THB']);
    for (const lang of LANGUAGES.filter((l) => l !== 'en-us')) {
      const goods = await get(`/shop/goods/info?id=${id}`, { lang });
      expect(goods.name, lang).not.toBe(english.name);
      expect(goods.subtitle, lang).not.toBe(english.subtitle);
      const banners = (await get('/attractive/page/indexApiData', { lang })).banners.map((b: { title: string }) => b.title);
      expect(banners, lang).not.toContain('Group buys: team up and pay less');
    }
  });

  it('has charity causes open for pledges, pictured, in every language', async () => {
    const member = await registerMember(t);
    const english = (await get('/attractive/lovers/userCenter', { token: member.token })).causes;
    expect(english.map((c: { currency: string }) => c.currency).sort()).toEqual(['MYR', 'USD']);
    for (const c of english) expect((await t.app.inject({ method: 'GET', url: c.image })).statusCode).toBe(200);
    const thai = (await get('/attractive/lovers/userCenter', { token: member.token, lang: 'th' })).causes;
    expect(thai[0].title).toMatch(/[\u0E00-\u0E7F]/);
    expect(thai[0].description).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('gives the demo member an open shop with goods in stock, which another member visits', async () => {
    const token = await demoMemberToken();
    const mine = await get('/attractive/shop/shopInfo', { token });
    expect(mine).toMatchObject({ name: DEMO_SHOP.name, status: 'open', mine: true });
    const goods = await get('/attractive/shop/shopGoods?limit=20', { token });
    expect(goods.list).toHaveLength(DEMO_SHOP.goods);
    for (const g of goods.list) expect(g).toMatchObject({ on_sale: true, stock: DEMO_SHOP.units, currency: 'USD' });
    const visitor = await registerMember(t);
    expect(await get(`/attractive/shop/shopInfo?shop_id=${mine.id}`, { token: visitor.token })).toMatchObject({ name: DEMO_SHOP.name, mine: false });
    expect((await get(`/attractive/shop/shopGoods?shop_id=${mine.id}&limit=20`, { token: visitor.token })).list).toHaveLength(DEMO_SHOP.goods);
  });

  it('adds nothing twice at the next start', async () => {
    const count = async () => {
      const token = await demoMemberToken();
      const home = await get('/attractive/page/indexApiData');
      return {
        banners: home.banners.length,
        groupBuys: (await get('/shop/pintuan/goodsList?limit=50', { token })).total,
        matcha: (await get('/shop/goods/list?keyword=Matcha')).total,
        assets: await get('/attractive/UserPageData/assetPage', { token }),
        cards: (await get('/user/gift_card/list?limit=10', { token })).total,
        causes: (await get('/attractive/lovers/userCenter', { token })).causes.length,
        shopGoods: await get('/attractive/shop/shopGoods?limit=20', { token }),
      };
    };
    const before = await count();
    await seedAll();
    expect(await count()).toEqual(before);
  });
});
