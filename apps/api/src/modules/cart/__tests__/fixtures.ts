import type { Database } from '../../../db/database.js';

// One category per database: test files may share this module (a worker imports it once for many files).
const categories = new WeakMap<Database, number>();

/** Goods on sale with one SKU per entry of `skus` (price in minor units, stock), straight in the tables. */
export async function newGoods(db: Database, skus: Array<{ price: number; stock: number }> = [{ price: 1999, stock: 10 }], opts: { currency?: string; name?: string } = {}) {
  let categoryId = categories.get(db);
  if (categoryId === undefined || !(await db.selectFrom('categories').select('id').where('id', '=', categoryId).executeTakeFirst())) {
    const type = await db.insertInto('category_types').values({ name: JSON.stringify({ 'en-us': 'Shop' }) }).returning('id').executeTakeFirstOrThrow();
    const cat = await db.insertInto('categories').values({ type_id: type.id, parent_id: null, name: JSON.stringify({ 'en-us': 'Things' }) }).returning('id').executeTakeFirstOrThrow();
    categoryId = cat.id;
    categories.set(db, categoryId);
  }
  const name = opts.name ?? `Teapot ${Math.random().toString(36).slice(2, 7)}`;
  const specs = [{ id: 1, name: { 'en-us': 'Colour', 'zh-cn': '颜色' }, values: skus.map((_, i) => ({ id: 10 + i, name: { 'en-us': `Colour ${i + 1}`, 'zh-cn': `颜色 ${i + 1}` } })) }];
  const goods = await db
    .insertInto('goods')
    .values({
      category_id: categoryId,
      name: JSON.stringify({ 'en-us': name, 'zh-cn': `茶壶 ${name}` }),
      price_minor: skus[0]!.price,
      market_price_minor: skus[0]!.price,
      currency: opts.currency ?? 'USD',
      cover: '/media/demo/goods-1-1.png',
      specs: JSON.stringify(specs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('goods_skus')
    .values(skus.map((s, i) => ({ goods_id: goods.id, spec_key: String(10 + i), spec_value_ids: JSON.stringify([10 + i]), price_minor: s.price, market_price_minor: s.price, stock: s.stock })))
    .returning('id')
    .execute();
  return { goodsId: goods.id, name, skuIds: rows.map((r) => r.id) };
}

export const stockOf = async (db: Database, skuId: number) => (await db.selectFrom('goods_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
