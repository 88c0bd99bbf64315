import { sql } from 'kysely';
import { LANGUAGES } from '@shop/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Executor } from '../../../db/database.js';
import { catalogueChangedOnCommit, contentChangedOnCommit } from '../response-cache.js';
import { withTransaction } from '../../../lib/transaction.js';
import { AGREEMENTS, AREAS, BANNERS, CATEGORIES, CATEGORY_TYPES, DEMO_WARRANTY_MONTHS, FAQ, GOODS_COUNT, NEWS, NOTICES, POPUPS, POSTERS, demoGoods, goodsDescription, inEveryLanguage, type T } from './demo-data.js';

const json = (v: unknown) => JSON.stringify(v);
const DAY = 86_400_000;
/** Demo dates count back from a fixed day, so the shop looks the same on every run. */
const ANCHOR = Date.UTC(2026, 10, 20, 9, 0, 0);
const daysAgo = (n: number) => new Date(ANCHOR - n * DAY);

const newsContent = (n: (typeof NEWS)[number], i: number) => inEveryLanguage((l) => `<p>${n.body[l]}</p><p><img src="/media/demo/news-${i + 1}.png" alt=""></p><p>${n.summary[l]}</p>`);
const noticeContent = (n: (typeof NOTICES)[number]) => inEveryLanguage((l) => `<p>${n.body[l]}</p>`);
const agreementContent = (a: (typeof AGREEMENTS)[keyof typeof AGREEMENTS]) => inEveryLanguage((l) => `<h3>${a.title[l]}</h3><p>${a.body[l]}</p>`);
const popupContent = (p: (typeof POPUPS)[number]) => inEveryLanguage((l) => `<p>${p.body[l]}</p>`);

const isEmpty = async (db: Executor, table: 'categories' | 'banners' | 'sale_areas' | 'news' | 'notices' | 'faqs' | 'agreements' | 'popups') =>
  !(await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst());

async function seedCatalogue(db: Executor): Promise<void> {
  const types = await db.insertInto('category_types').values(CATEGORY_TYPES.map((name, i) => ({ name: json(name), sort: CATEGORY_TYPES.length - i }))).returning('id').execute();
  const tops = await db
    .insertInto('categories')
    .values(CATEGORIES.map((c, i) => ({ type_id: types[c.type - 1]!.id, name: json(c.name), icon: `/media/demo/cate-${i + 1}.png`, sort: CATEGORIES.length - i })))
    .returning('id')
    .execute();
  const childRows = CATEGORIES.flatMap((c, ci) => c.children.map((name, k) => ({ ci, k, row: { parent_id: tops[ci]!.id, type_id: types[c.type - 1]!.id, name: json(name), icon: `/media/demo/cate-${ci + 1}.png`, sort: c.children.length - k } })));
  const children = childRows.length ? await db.insertInto('categories').values(childRows.map((c) => c.row)).returning('id').execute() : [];
  const childId = new Map(childRows.map((c, i) => [`${c.ci}:${c.k}`, children[i]!.id]));

  const all = Array.from({ length: GOODS_COUNT }, (_, i) => demoGoods(i));
  const goods = await db
    .insertInto('goods')
    .values(
      all.map((g) => ({
        category_id: g.child >= 0 ? childId.get(`${g.category}:${g.child}`)! : tops[g.category]!.id,
        name: json(g.name),
        subtitle: json(g.subtitle),
        description: json(goodsDescription(g)),
        images: json([1, 2, 3].map((k) => `/media/demo/goods-${g.index + 1}-${k}.png`)),
        cover: `/media/demo/goods-${g.index + 1}-1.png`,
        price_minor: g.price,
        market_price_minor: g.marketPrice,
        currency: 'USD',
        sales: g.sales,
        status: g.offSale ? ('off_sale' as const) : ('on_sale' as const),
        is_hot: g.isHot,
        is_new: g.isNew,
        is_recommend: g.isRecommend,
        sort: 0,
        warranty_months: DEMO_WARRANTY_MONTHS,
        specs: json(g.specs),
        created_at: daysAgo(g.daysAgo),
        updated_at: daysAgo(g.daysAgo),
      })),
    )
    .returning('id')
    .execute();
  const skus = all.flatMap((g, i) =>
    g.skus.map((s) => ({
      goods_id: goods[i]!.id,
      spec_key: s.valueIds.join('_'),
      spec_value_ids: json(s.valueIds),
      price_minor: s.price,
      market_price_minor: s.marketPrice,
      stock: s.stock,
      image: `/media/demo/goods-${g.index + 1}-1.png`,
    })),
  );
  for (let i = 0; i < skus.length; i += 1000) await db.insertInto('goods_skus').values(skus.slice(i, i + 1000)).execute();
  const reviews = all.flatMap((g, i) =>
    g.reviews.map((r, k) => ({
      goods_id: goods[i]!.id,
      author_name: r.author,
      rating: r.rating,
      content: r.content[/[\u4e00-\u9fa5]/.test(r.author) ? 'zh-cn' : 'en-us'],
      images: json(r.withImage ? [`/media/demo/goods-${g.index + 1}-${2 + (k % 2)}.png`] : []),
      sku_text: '',
      reply: r.reply ? 'We are sorry to hear that. Our service team will contact you.' : '',
      created_at: daysAgo(r.daysAgo),
    })),
  );
  for (let i = 0; i < reviews.length; i += 1000) await db.insertInto('goods_reviews').values(reviews.slice(i, i + 1000)).execute();
}

/**
 * A demo shop seeded before it spoke every language gets the languages it lacks: each demo text
 * still in its first form (its English is the demo's) is replaced by the same text in every
 * language. Texts an operator has changed are left as they are.
 */
async function addMissingLanguages(db: Executor): Promise<void> {
  const all = Array.from({ length: GOODS_COUNT }, (_, i) => demoGoods(i));
  const columns: Array<[table: string, column: string, texts: T[]]> = [
    ['category_types', 'name', CATEGORY_TYPES],
    ['categories', 'name', CATEGORIES.flatMap((c) => [c.name, ...c.children])],
    ['goods', 'name', all.map((g) => g.name)],
    ['goods', 'subtitle', all.map((g) => g.subtitle)],
    ['goods', 'description', all.map(goodsDescription)],
    ['banners', 'title', [...BANNERS.map((b) => b.title), ...POSTERS.map((p) => p.title)]],
    ['banners', 'text', POSTERS.map((p) => p.text)],
    ['sale_areas', 'name', AREAS.map((a) => a.name)],
    ['news', 'title', NEWS.map((n) => n.title)],
    ['news', 'summary', NEWS.map((n) => n.summary)],
    ['news', 'content', NEWS.map(newsContent)],
    ['notices', 'title', NOTICES.map((n) => n.title)],
    ['notices', 'summary', NOTICES.map((n) => n.body)],
    ['notices', 'content', NOTICES.map(noticeContent)],
    ['faqs', 'question', FAQ.map((f) => f.q)],
    ['faqs', 'answer', FAQ.map((f) => f.a)],
    ['agreements', 'title', Object.values(AGREEMENTS).map((a) => a.title)],
    ['agreements', 'content', Object.values(AGREEMENTS).map(agreementContent)],
    ['popups', 'title', POPUPS.map((p) => p.title)],
    ['popups', 'content', POPUPS.map(popupContent)],
  ];
  const missing = LANGUAGES.filter((l) => l !== 'en-us' && l !== 'zh-cn');
  for (const [table, column, texts] of columns) {
    const byEnglish = new Map(texts.map((text) => [text['en-us'], text]));
    const lacking = sql`${sql.ref(column)} ->> ${missing[missing.length - 1]!} is null`;
    const found = await sql<{ english: string | null }>`select distinct ${sql.ref(column)} ->> 'en-us' as english from ${sql.table(table)} where ${lacking}`.execute(db);
    for (const { english } of found.rows) {
      const full = english === null ? undefined : byEnglish.get(english);
      if (full) await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${json(full)}::jsonb where ${sql.ref(column)} ->> 'en-us' = ${english} and ${lacking}`.execute(db);
    }
  }
  // Spec names and values, by the goods' English name.
  const goodsByName = new Map(all.map((g) => [g.name['en-us'], g]));
  const goodsRows = await sql<{ id: number; english: string }>`select id, name ->> 'en-us' as english from goods where specs -> 0 -> 'name' ->> ${missing[missing.length - 1]!} is null and jsonb_array_length(specs) > 0`.execute(db);
  for (const row of goodsRows.rows) {
    const g = goodsByName.get(row.english);
    if (g) await sql`update goods set specs = ${json(g.specs)}::jsonb where id = ${row.id}`.execute(db);
  }
}

/** The demo shop: categories, 200 goods with SKUs and reviews, news, notices, FAQ, agreements, popups. */
export async function seedCatalogueDemo(deps: AppDeps): Promise<void> {
  await withTransaction(deps.db, async (db) => {
    // Several API processes may start on one empty database at once: one seeds, the others wait and find it done.
    await sql`select pg_advisory_xact_lock(hashtext('demo-seed:catalogue'))`.execute(db);
    if (await isEmpty(db, 'categories')) await seedCatalogue(db);
    else await addMissingLanguages(db);
    if (await isEmpty(db, 'banners')) {
      await db
        .insertInto('banners')
        .values([
          ...BANNERS.map((b, i) => ({ position: 'home' as const, title: json(b.title), image: `/media/demo/banner-${i + 1}.png`, link: b.link, sort: BANNERS.length - i })),
          ...POSTERS.map((p, i) => ({ position: 'share' as const, title: json(p.title), text: json(p.text), image: `/media/demo/poster-${i + 1}.png`, sort: POSTERS.length - i })),
        ])
        .execute();
    }
    if (await isEmpty(db, 'sale_areas')) {
      await db.insertInto('sale_areas').values(AREAS.map((a, i) => ({ code: a.code, name: json(a.name), currency: a.currency, flag: a.flag, sort: AREAS.length - i }))).execute();
    }
    if (await isEmpty(db, 'news')) {
      const news = await db
        .insertInto('news')
        .values(
          NEWS.map((n, i) => ({
            title: json(n.title),
            summary: json(n.summary),
            content: json(newsContent(n, i)),
            cover: `/media/demo/news-${i + 1}.png`,
            is_banner: n.banner,
            like_count: 0,
            published_at: daysAgo(2 + i * 3),
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('news_attachments')
        .values(news.slice(0, 4).map((n, i) => ({ news_id: n.id, name: `guide-${i + 1}.png`, url: `/media/demo/news-${i + 1}-2.png`, size: 40_000, mime: 'image/png' })))
        .execute();
    }
    if (await isEmpty(db, 'notices')) {
      await db
        .insertInto('notices')
        .values(NOTICES.map((n, i) => ({ title: json(n.title), summary: json(n.body), content: json(noticeContent(n)), published_at: daysAgo(1 + i * 4) })))
        .execute();
    }
    if (await isEmpty(db, 'faqs')) {
      await db.insertInto('faqs').values(FAQ.map((f, i) => ({ question: json(f.q), answer: json(f.a), sort: FAQ.length - i }))).execute();
    }
    if (await isEmpty(db, 'agreements')) {
      await db
        .insertInto('agreements')
        .values(
          Object.entries(AGREEMENTS).map(([kind, a]) => ({
            kind,
            title: json(a.title),
            content: json(agreementContent(a)),
            updated_at: daysAgo(30),
          })),
        )
        .execute();
    }
    if (await isEmpty(db, 'popups')) {
      await db
        .insertInto('popups')
        .values(POPUPS.map((p, i) => ({ title: json(p.title), content: json(popupContent(p)), image: `/media/demo/popup-${i + 1}.png`, link: p.link, audience: p.audience, starts_at: daysAgo(60), sort: POPUPS.length - i })))
        .execute();
    }
    catalogueChangedOnCommit(db, deps);
    contentChangedOnCommit(db, deps);
  });
}
