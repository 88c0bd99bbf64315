import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LANGUAGES } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app.js';
import { call } from '../../__tests__/helpers.js';
import { seedCatalogueDemo } from '../demo.seed.js';
import { catalogueChanged, contentChanged } from '../../response-cache.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedCatalogueDemo(t.deps);
});
afterAll(() => t.close());

const get = async (url: string, lang: string) => {
  const { body } = await call(t, 'GET', url, { lang });
  expect(body.code, `${url} in ${lang}`).toBe(200);
  return body.data;
};

/** What a shopper reads of the demo shop in one language: a goods page, the categories, news, notices, FAQ, the business page and an agreement. */
async function shopIn(lang: string) {
  const goods = await get('/shop/goods/info?id=2', lang);
  const categories = await get('/shop/cate/cateAll', lang);
  const news = await get('/web/news/list?limit=3', lang);
  const article = await get(`/web/news/info?id=${news.list[0].id}`, lang);
  const notices = await get('/web/notice/list?limit=3', lang);
  const notice = await get(`/web/notice/info?id=${notices.list[0].id}`, lang);
  const faq = await get('/web/question/list?limit=3', lang);
  const posters = await get('/attractive/page/shareList', lang);
  const agreement = await get('/web/agreement?type=privacy', lang);
  const home = await get('/attractive/page/indexApiData', lang);
  return {
    'goods name': goods.name,
    'goods subtitle': goods.subtitle,
    'goods description': goods.description,
    'goods category': goods.cate_name,
    'first spec': goods.specs[0].name,
    'first spec value': goods.specs[0].values[0].name,
    'second spec': goods.specs[1].name,
    'SKU text': goods.skus[0].spec_text,
    'top category': categories.list[0].name,
    subcategory: categories.list.find((c: { children: unknown[] }) => c.children.length).children[0].name,
    'news title': news.list[0].title,
    'news summary': news.list[0].summary,
    'news article': article.content,
    'notice title': notice.title,
    'notice text': notice.content,
    'FAQ question': faq.list[0].question,
    'FAQ answer': faq.list[0].answer,
    'business page poster': posters.list[0].title,
    'business page text': posters.list[0].text,
    'privacy policy': agreement.content,
    'home banner': home.banners[0].title,
  } as Record<string, string>;
}

describe('the demo shop speaks every language the app offers', () => {
  let english: Record<string, string>;
  beforeAll(async () => {
    english = await shopIn('en-us');
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en-us')) {
    it(`answers goods, categories, SKU values, news, notices, FAQ and the business page in ${lang}`, async () => {
      const texts = await shopIn(lang);
      for (const [what, text] of Object.entries(texts)) {
        expect(text.trim(), `${what} in ${lang}`).not.toBe('');
        expect(text, `${what} in ${lang} is its own, not the English one`).not.toBe(english[what]);
      }
    });
  }

  it('names goods in the language’s own order, keeping the model code', async () => {
    const names = Object.fromEntries(await Promise.all(LANGUAGES.map(async (l) => [l, (await get('/shop/goods/info?id=1', l)).name as string])));
    const model = names['en-us']!.split(' ').pop()!;
    for (const l of LANGUAGES) expect(names[l], l).toMatch(new RegExp(` ${model}$`));
    expect(names['th']).toMatch(/[\u0E00-\u0E7F]/);
    expect(names['km']).toMatch(/[\u1780-\u17FF]/);
    expect(names['jp']).toMatch(/[\u30A0-\u30FF\u4E00-\u9FFF]/);
  });
});

describe('a demo shop seeded when it spoke English and Simplified Chinese only', () => {
  it('gets the other languages at the next start, except where an operator changed the text', async () => {
    const englishAndChinese = (column: string) => sql.raw(`${column} = jsonb_build_object('en-us', ${column} -> 'en-us', 'zh-cn', ${column} -> 'zh-cn')`);
    await sql`update goods set ${englishAndChinese('name')}, ${englishAndChinese('subtitle')}, ${englishAndChinese('description')}`.execute(t.db);
    await sql`update goods set specs = (select jsonb_agg(jsonb_set(s, '{name}', jsonb_build_object('en-us', s -> 'name' -> 'en-us'))) from jsonb_array_elements(specs) s)`.execute(t.db);
    await sql`update faqs set ${englishAndChinese('question')}, ${englishAndChinese('answer')}`.execute(t.db);
    await sql`update goods set name = '{"en-us": "Our own kettle"}'::jsonb where id = 3`.execute(t.db);
    catalogueChanged(t.deps);
    contentChanged(t.deps);
    expect((await get('/shop/goods/info?id=2', 'th')).name).toBe((await get('/shop/goods/info?id=2', 'en-us')).name);

    await seedCatalogueDemo(t.deps);
    const thai = await get('/shop/goods/info?id=2', 'th');
    expect(thai.name).toMatch(/[\u0E00-\u0E7F]/);
    expect(thai.specs[0].name).toBe('สี');
    expect((await get('/web/question/list?limit=1', 'km')).list[0].question).toMatch(/[\u1780-\u17FF]/);
    expect((await get('/shop/goods/info?id=3', 'th')).name).toBe('Our own kettle');
  });
});
