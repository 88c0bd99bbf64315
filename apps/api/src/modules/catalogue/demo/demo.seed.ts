import { sql } from 'kysely';
import type { AppDeps } from '../../../app-deps.js';
import type { Executor } from '../../../db/database.js';
import { catalogueChangedOnCommit, contentChangedOnCommit } from '../response-cache.js';
import { withTransaction } from '../../../lib/transaction.js';
import { AGREEMENTS, AREAS, BANNERS, CATEGORIES, CATEGORY_TYPES, FAQ, GOODS_COUNT, NEWS, NOTICES, POPUPS, POSTERS, demoGoods, goodsDescription } from './demo-data.js';

const json = (v: unknown) => JSON.stringify(v);
const DAY = 86_400_000;
/** Demo dates count back from a fixed day, so the shop looks the same on every run. */
const ANCHOR = Date.UTC(2026, 10, 20, 9, 0, 0);
const daysAgo = (n: number) => new Date(ANCHOR - n * DAY);

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

/** The demo shop: categories, 200 goods with SKUs and reviews, news, notices, FAQ, agreements, popups. */
export async function seedCatalogueDemo(deps: AppDeps): Promise<void> {
  await withTransaction(deps.db, async (db) => {
    // Several API processes may start on one empty database at once: one seeds, the others wait and find it done.
    await sql`select pg_advisory_xact_lock(hashtext('demo-seed:catalogue'))`.execute(db);
    if (await isEmpty(db, 'categories')) await seedCatalogue(db);
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
      await db.insertInto('sale_areas').values(AREAS.map((a, i) => ({ code: a.code, name: json(a.name), currency: a.currency, rate: a.rate, flag: a.flag, sort: AREAS.length - i }))).execute();
    }
    if (await isEmpty(db, 'news')) {
      const news = await db
        .insertInto('news')
        .values(
          NEWS.map((n, i) => ({
            title: json(n.title),
            summary: json(n.summary),
            content: json({
              'en-us': `<p>${n.body['en-us']}</p><p><img src="/media/demo/news-${i + 1}.png" alt=""></p><p>${n.summary['en-us']}</p>`,
              'zh-cn': `<p>${n.body['zh-cn']}</p><p><img src="/media/demo/news-${i + 1}.png" alt=""></p><p>${n.summary['zh-cn']}</p>`,
            }),
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
        .values(NOTICES.map((n, i) => ({ title: json(n.title), summary: json(n.body), content: json({ 'en-us': `<p>${n.body['en-us']}</p>`, 'zh-cn': `<p>${n.body['zh-cn']}</p>` }), published_at: daysAgo(1 + i * 4) })))
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
            content: json({ 'en-us': `<h3>${a.title['en-us']}</h3><p>${a.body['en-us']}</p>`, 'zh-cn': `<h3>${a.title['zh-cn']}</h3><p>${a.body['zh-cn']}</p>` }),
            updated_at: daysAgo(30),
          })),
        )
        .execute();
    }
    if (await isEmpty(db, 'popups')) {
      await db
        .insertInto('popups')
        .values(POPUPS.map((p, i) => ({ title: json(p.title), content: json({ 'en-us': `<p>${p.body['en-us']}</p>`, 'zh-cn': `<p>${p.body['zh-cn']}</p>` }), image: `/media/demo/popup-${i + 1}.png`, link: p.link, audience: p.audience, starts_at: daysAgo(60), sort: POPUPS.length - i })))
        .execute();
    }
    catalogueChangedOnCommit(db, deps);
    contentChangedOnCommit(db, deps);
  });
}
