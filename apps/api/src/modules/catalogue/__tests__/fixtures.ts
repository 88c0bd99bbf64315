import type { TestApp } from '../../../test/build-test-app.js';
import { catalogueChanged } from '../response-cache.js';

const unique = () => Math.random().toString(36).slice(2, 8);

/** A category type with one top-level category and one sub-category of it, all the test's own. */
export async function newCategories(t: TestApp) {
  const tag = unique();
  const type = await t.db.insertInto('category_types').values({ name: JSON.stringify({ 'en-us': `Type ${tag}` }) }).returning('id').executeTakeFirstOrThrow();
  const parent = await t.db.insertInto('categories').values({ type_id: type.id, parent_id: null, name: JSON.stringify({ 'en-us': `Parent ${tag}` }) }).returning('id').executeTakeFirstOrThrow();
  const child = await t.db.insertInto('categories').values({ type_id: type.id, parent_id: parent.id, name: JSON.stringify({ 'en-us': `Child ${tag}` }) }).returning('id').executeTakeFirstOrThrow();
  catalogueChanged(t.deps);
  return { typeId: type.id, parentId: parent.id, childId: child.id };
}

/**
 * Goods of the test's own: two specs (Colour × Size, two values each, so four SKUs with their own
 * price and stock), three pictures, a name in English and Chinese. `stocks` sets the SKUs' stock.
 */
export async function newCatalogueGoods(
  t: TestApp,
  opts: { categoryId: number; name?: string; zhName?: string; status?: 'on_sale' | 'off_sale'; stocks?: [number, number, number, number]; description?: string },
) {
  const name = opts.name ?? `Kettle ${unique()}`;
  const specs = [
    { id: 1, name: { 'en-us': 'Colour', 'zh-cn': '颜色' }, values: [{ id: 11, name: { 'en-us': 'Red', 'zh-cn': '红色' } }, { id: 12, name: { 'en-us': 'Blue', 'zh-cn': '蓝色' } }] },
    { id: 2, name: { 'en-us': 'Size', 'zh-cn': '尺寸' }, values: [{ id: 21, name: { 'en-us': 'Small', 'zh-cn': '小' } }, { id: 22, name: { 'en-us': 'Large', 'zh-cn': '大' } }] },
  ];
  const combos: Array<[number, number]> = [[11, 21], [11, 22], [12, 21], [12, 22]];
  const prices = [1500, 1900, 1600, 2100];
  const stocks = opts.stocks ?? [5, 0, 7, 3];
  const goods = await t.db
    .insertInto('goods')
    .values({
      category_id: opts.categoryId,
      name: JSON.stringify({ 'en-us': name, 'zh-cn': opts.zhName ?? `水壶${name}` }),
      description: JSON.stringify({ 'en-us': opts.description ?? '<p>Boils water.</p>' }),
      images: JSON.stringify(['/media/a.png', '/media/b.png', '/media/c.png']),
      price_minor: Math.min(...prices),
      market_price_minor: 2500,
      status: opts.status ?? 'on_sale',
      specs: JSON.stringify(specs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const skus = await t.db
    .insertInto('goods_skus')
    .values(combos.map((c, i) => ({ goods_id: goods.id, spec_key: c.join('_'), spec_value_ids: JSON.stringify(c), price_minor: prices[i]!, market_price_minor: 2500, stock: stocks[i]! })))
    .returning(['id', 'spec_value_ids', 'stock'])
    .execute();
  catalogueChanged(t.deps);
  return { id: goods.id, name, skus };
}

/** Reviews of a goods with these ratings (4 and 5 are good, 3 medium, 1 and 2 bad), oldest first. */
export async function newReviews(t: TestApp, goodsId: number, ratings: number[]) {
  for (const [i, rating] of ratings.entries()) {
    await t.db
      .insertInto('goods_reviews')
      .values({ goods_id: goodsId, user_id: null, author_name: `Reviewer${i}`, rating, content: `Review ${i}`, created_at: new Date(Date.now() - (ratings.length - i) * 60_000) })
      .execute();
  }
}
