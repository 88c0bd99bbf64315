import { fromMinorUnits, ResponseCode, skusWithListPriceBelowPrice, type EndpointBody, type EndpointData, type EndpointQuery, type adminAdjustStock, type adminGetGoods, type adminListCategories, type adminListGoods, type adminListStockAdjustments, type adminReorderCategories, type adminSaveCategory, type adminSaveGoods, type adminSetGoodsStatus } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import type { ListExport } from '../../lib/list-export.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { assertShopCurrency } from '../rates/rates.service.js';
import { shopPictureProblems } from '../uploads/uploads.service.js';
import * as q from './catalogue-admin.queries.js';
import { askPvRaises, pendingPvRaises, recordPvCut } from './sku-pv.service.js';
import type { SpecDef } from './catalogue.table.js';
import { catalogueChangedOnCommit } from './response-cache.js';
import { pick, sanitizeRich, storedTexts } from './texts.js';
import { skuSpecText } from './sku-text.js';
import type { Translator } from '../../lib/i18n.js';
import { iso } from '../../lib/dates.js';
import { pageOf, totalOf } from '../../lib/paging.js';


// ---------------------------------------------------------------- categories

type CategoryRow = Awaited<ReturnType<typeof q.findAllCategories>>[number];
const toCategory = (c: CategoryRow) => ({ id: c.id, parent_id: c.parent_id, type_id: c.type_id, name: c.name, icon: c.icon, sort: c.sort, is_visible: c.is_visible, goods_count: c.goods_count, updated_at: iso(c.updated_at) });

/** Every category, visible or not, in the shop's order. */
export async function listCategories(db: Executor, actor: Actor): Promise<EndpointData<typeof adminListCategories>> {
  operatorNameOf(actor);
  return { list: (await q.findAllCategories(db)).map(toCategory) };
}

/**
 * Creates a category (after its siblings) or changes one; a category is never filed under itself or
 * its own children. A change names the `updated_at` it was edited from; from a copy changed since it
 * is refused and nothing is written.
 */
export async function saveCategory(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSaveCategory>): Promise<EndpointData<typeof adminSaveCategory>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const parent = input.parent_id === null ? undefined : await q.findCategory(tx, input.parent_id);
    if (input.parent_id !== null && !parent) throw notFound('category');
    const fields = { parent_id: input.parent_id, name: storedTexts(input.name), icon: input.icon, is_visible: input.is_visible };
    let id: number;
    if (input.id === undefined) {
      // A shop's first category starts its first category type.
      const typeId = parent?.type_id ?? (await q.findFirstCategoryType(tx))?.id ?? (await q.insertCategoryType(tx, fields.name)).id;
      const lowest = await q.findLowestSiblingSort(tx, input.parent_id);
      ({ id } = await q.insertCategory(tx, { ...fields, type_id: typeId, sort: lowest === null ? 0 : lowest - 1 }));
    } else {
      const current = await q.lockCategoryForUpdate(tx, input.id);
      if (!current) throw notFound('category');
      // Under the lock, so of two saves from one copy only the first passes: the second would undo it.
      assertLoadedVersion(current.updated_at, input.base_updated_at);
      if (input.parent_id !== null && (await q.findCategoryAncestors(tx, input.parent_id)).includes(input.id)) throw new ValidationError([{ field: 'parent_id', key: 'validation.invalid', params: { field: 'parent_id' } }]);
      const moved = current.parent_id !== input.parent_id;
      const lowest = moved ? await q.findLowestSiblingSort(tx, input.parent_id) : null;
      await q.updateCategory(tx, input.id, { ...fields, type_id: parent?.type_id ?? current.type_id, ...(moved ? { sort: lowest === null ? 0 : lowest - 1 } : {}) });
      id = input.id;
    }
    await insertOperatorAction(tx, { operator, action: input.id === undefined ? 'category.create' : 'category.update', target_type: 'category', target_id: id });
    catalogueChangedOnCommit(tx, deps);
    const saved = (await q.findAllCategories(tx)).find((c) => c.id === id)!;
    return toCategory(saved);
  });
}

/** Puts every child of one parent in the order given (the first is shown first). */
export async function reorderCategories(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminReorderCategories>): Promise<{ ok: true }> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const children = (await q.lockChildCategoriesForUpdate(tx, input.parent_id)).map((c) => c.id);
    const given = new Set(input.ids);
    // The whole set of siblings, each once: a stale page (a category added meanwhile) is refused, not half applied.
    if (given.size !== input.ids.length || given.size !== children.length || children.some((id) => !given.has(id))) {
      throw new ValidationError([{ field: 'ids', key: 'validation.invalid', params: { field: 'ids' } }]);
    }
    for (const [i, id] of input.ids.entries()) await q.setCategorySort(tx, id, (input.ids.length - i) * 10);
    await insertOperatorAction(tx, { operator, action: 'category.reorder', target_type: 'category', target_id: input.parent_id ?? 0, facts: { key: 'category_order', ids: input.ids } });
    catalogueChangedOnCommit(tx, deps);
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------- goods

/** Goods on and off sale, by name (any language) or number, category and state; sorted and paged. */
export async function listGoods(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListGoods>): Promise<EndpointData<typeof adminListGoods>> {
  operatorNameOf(actor);
  const rows = await q.findAdminGoodsPage(db, { q: input.q || undefined, categoryId: input.category_id, status: input.status, sort: input.sort, limit: input.limit, offset: (input.page - 1) * input.limit });
  const list = rows.map((r) => ({
    id: r.id,
    name: pick(r.name, actor.lang),
    cover: r.cover,
    category_id: r.category_id,
    category_name: pick(r.category_name, actor.lang),
    price: Number(r.price),
    currency: r.currency,
    stock: r.stock,
    sales: r.sales,
    sku_count: r.sku_count,
    status: r.status,
    updated_at: iso(r.updated_at),
  }));
  return pageOf(list, totalOf(rows), input);
}

async function goodsForEdit(db: Executor, id: number): Promise<EndpointData<typeof adminGetGoods>> {
  const g = await q.findGoodsForEdit(db, id);
  if (!g) throw new AppError(ResponseCode.goodsNotFound);
  const skus = await q.findSkusForEdit(db, id);
  return {
    id: g.id,
    category_id: g.category_id,
    name: g.name,
    subtitle: g.subtitle,
    description: g.description,
    // Goods made before the console kept only a cover.
    images: g.images.length ? g.images : g.cover ? [g.cover] : [],
    currency: g.currency,
    market_price: Number(g.market_price_minor),
    status: g.status,
    is_hot: g.is_hot,
    is_new: g.is_new,
    is_recommend: g.is_recommend,
    sort: g.sort,
    warranty_months: g.warranty_months,
    specs: g.specs,
    skus: skus.map((s) => ({ id: s.id, spec_value_ids: s.spec_value_ids, price: Number(s.price_minor), market_price: Number(s.market_price_minor), stock: s.stock, sales: s.sales, pv: s.pv, weight_g: s.weight_g, image: s.image })),
    pv_requests: await pendingPvRaises(db, skus.map((s) => s.id)),
    updated_at: iso(g.updated_at),
  };
}

/** The goods list as a CSV file: its columns (amounts in decimal units beside their currency). */
export const goodsExport: ListExport<EndpointQuery<typeof adminListGoods>, EndpointData<typeof adminListGoods>['list'][number]> = {
  name: 'goods',
  page: listGoods,
  columns: [
    ['id', (r) => r.id], ['name', (r) => r.name], ['category', (r) => r.category_name], ['price', (r) => fromMinorUnits(r.price, r.currency)], ['currency', (r) => r.currency],
    ['stock', (r) => r.stock], ['sales', (r) => r.sales], ['status', (r) => r.status], ['updated_at', (r) => r.updated_at],
  ],
};

/** One goods with every language, its specs and SKUs, for the editor. */
export async function getGoods(db: Executor, actor: Actor, input: { id: number }) {
  operatorNameOf(actor);
  return goodsForEdit(db, input.id);
}

const invalid = (field: string) => new ValidationError([{ field, key: 'validation.invalid', params: { field } }]);

/** SKUs that no longer fit the options (changed since they were made): the operator makes them again from the options. */
const skusDontMatchOptions = () => new ValidationError([{ field: 'skus', key: 'admin.validation.skusDontMatchOptions', params: { field: 'skus' } }]);

/** Each SKU names one value of each spec, in order, and no two SKUs the same values. */
function checkSkus(specs: SpecDef[], skus: Array<{ spec_value_ids: number[] }>): void {
  const keys = new Set<string>();
  for (const s of skus) {
    if (s.spec_value_ids.length !== specs.length) throw skusDontMatchOptions();
    s.spec_value_ids.forEach((vid, i) => {
      if (!specs[i]!.values.some((v) => v.id === vid)) throw skusDontMatchOptions();
    });
    const key = s.spec_value_ids.join('_');
    if (keys.has(key)) throw skusDontMatchOptions();
    keys.add(key);
  }
  const valueIds = specs.flatMap((s) => s.values.map((v) => v.id));
  if (new Set(specs.map((s) => s.id)).size !== specs.length || new Set(valueIds).size !== valueIds.length) throw invalid('specs');
}

/**
 * Creates or changes goods and their SKUs in one transaction: texts in every language, the
 * description reduced to safe markup, pictures, specs, prices, PV and on/off sale. A new SKU's
 * first stock is recorded as an adjustment; an existing SKU's stock changes only by adjustment.
 * Every price and PV change is in the audit log, and the member app's cached answers drop at commit.
 * A lower PV applies at once; a higher one (a new SKU's above 0) waits for a second operator, and
 * the answer names those requests (docs/decisions/2026-11-29-goods-points-four-eyes.md).
 * A change names the `updated_at` it was edited from; from a copy changed since (another operator's
 * save, a status change, an approved PV) it is refused and nothing is written.
 */
export async function saveGoods(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSaveGoods>): Promise<EndpointData<typeof adminSaveGoods>> {
  const operator = operatorNameOf(actor);
  const specs: SpecDef[] = input.specs.map((s) => ({ id: s.id, name: storedTexts(s.name), values: s.values.map((v) => ({ id: v.id, name: storedTexts(v.name) })) }));
  checkSkus(specs, input.skus);
  // Whatever the caller checked: a list price below the price, or a picture shoppers cannot load, is never stored.
  const listPrices = skusWithListPriceBelowPrice(input.skus).map((i) => ({ field: `skus.${i}.market_price`, key: 'admin.validation.listPriceBelowPrice', params: { n: i + 1 } }));
  if (listPrices.length) throw new ValidationError(listPrices);
  const pictures = [...input.images.map((path, i) => ({ field: `images.${i}`, path })), ...input.skus.flatMap((s, i) => (s.image ? [{ field: `skus.${i}.image`, path: s.image }] : []))];
  const pictureProblems = await shopPictureProblems(deps.db, pictures);
  if (pictureProblems.length) throw new ValidationError(pictureProblems);
  // Goods in a currency the shop does not keep could be ordered but never paid.
  await assertShopCurrency(deps.db, input.currency);
  return withTransaction(deps.db, async (tx) => {
    if (!(await q.findCategory(tx, input.category_id))) throw notFound('category');
    const fields: q.GoodsFields = {
      category_id: input.category_id,
      name: storedTexts(input.name),
      subtitle: storedTexts(input.subtitle),
      description: storedTexts(input.description, sanitizeRich),
      images: input.images,
      cover: input.images[0]!,
      currency: input.currency,
      price_minor: Math.min(...input.skus.map((s) => s.price)),
      market_price_minor: input.market_price,
      status: input.status,
      is_hot: input.is_hot,
      is_new: input.is_new,
      is_recommend: input.is_recommend,
      sort: input.sort,
      warranty_months: input.warranty_months,
      specs,
    };
    let goodsId: number;
    const existing = new Map<number, Awaited<ReturnType<typeof q.findSkusForEdit>>[number]>();
    if (input.id === undefined) {
      ({ id: goodsId } = await q.insertGoods(tx, fields));
    } else {
      const locked = await q.lockGoodsRowForUpdate(tx, input.id);
      if (!locked) throw new AppError(ResponseCode.goodsNotFound);
      // Under the lock, so of two saves from one copy only the first passes: the second would undo it.
      assertLoadedVersion(locked.updated_at, input.base_updated_at);
      goodsId = input.id;
      for (const s of await q.findSkusForEdit(tx, goodsId)) existing.set(s.id, s);
      // SKUs left out stay as they are, so they too must fit the specs.
      const kept = [...existing.values()].filter((s) => !input.skus.some((i) => i.id === s.id));
      checkSkus(specs, [...input.skus, ...kept]);
      await q.updateGoods(tx, goodsId, fields);
    }
    // PV is paid out as pair bonus: a raise is asked for (the SKU keeps the PV in force), a cut is done now.
    const raises: Array<{ sku_id: number; spec_value_ids: number[]; from: number; to: number }> = [];
    for (const s of input.skus) {
      const row = { spec_key: s.spec_value_ids.join('_'), spec_value_ids: s.spec_value_ids, price_minor: s.price, market_price_minor: s.market_price, weight_g: s.weight_g, image: s.image };
      if (s.id === undefined) {
        const { id } = await q.insertSku(tx, goodsId, { ...row, pv: 0, stock: s.stock });
        if (s.stock > 0) await recordAdjustment(tx, { goods_id: goodsId, sku_id: id, delta: s.stock, stock_after: s.stock, reason: 'initial stock', operator });
        if (s.pv > 0) raises.push({ sku_id: id, spec_value_ids: s.spec_value_ids, from: 0, to: s.pv });
        continue;
      }
      const before = existing.get(s.id);
      if (!before) throw new AppError(ResponseCode.skuNotFound);
      await q.updateSku(tx, goodsId, s.id, { ...row, pv: Math.min(s.pv, before.pv) });
      if (s.pv > before.pv) raises.push({ sku_id: s.id, spec_value_ids: s.spec_value_ids, from: before.pv, to: s.pv });
      else if (s.pv < before.pv) await recordPvCut(tx, actor, { sku_id: s.id, from: before.pv, to: s.pv, reason: input.reason ?? null });
      if (Number(before.price_minor) !== s.price) {
        const facts = { key: 'sku_price', from: Number(before.price_minor), to: s.price, currency: input.currency } as const;
        await insertOperatorAction(tx, { operator, action: 'sku.price', target_type: 'sku', target_id: s.id, reason: input.reason ?? null, facts });
      }
    }
    await q.syncGoodsPriceToSkus(tx, goodsId);
    await insertOperatorAction(tx, { operator, action: input.id === undefined ? 'goods.create' : 'goods.update', target_type: 'goods', target_id: goodsId, reason: input.reason ?? null });
    const pvAsked = await askPvRaises(tx, actor, { id: goodsId, name: fields.name, specs }, raises, input.reason ?? '');
    catalogueChangedOnCommit(tx, deps, input.id === undefined ? undefined : [goodsId]);
    return { ...(await goodsForEdit(tx, goodsId)), pv_asked: pvAsked };
  });
}

/** Puts goods on or off sale, each change in the audit log. */
export async function setGoodsStatus(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminSetGoodsStatus>): Promise<{ changed: number }> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const changed = await q.setGoodsStatus(tx, [...new Set(input.ids)], input.status);
    for (const { id } of changed) await insertOperatorAction(tx, { operator, action: input.status === 'on_sale' ? 'goods.on_sale' : 'goods.off_sale', target_type: 'goods', target_id: id, reason: input.reason ?? null });
    if (changed.length) catalogueChangedOnCommit(tx, deps, changed.map((c) => c.id));
    return { changed: changed.length };
  });
}

async function recordAdjustment(tx: Tx, a: { goods_id: number; sku_id: number; delta: number; stock_after: number; reason: string; operator: string }) {
  const row = await q.insertStockAdjustment(tx, a);
  await insertOperatorAction(tx, { operator: a.operator, action: 'sku.stock', target_type: 'sku', target_id: a.sku_id, reason: a.reason, facts: { key: 'stock_change', sku_id: a.sku_id, delta: a.delta, stock_after: a.stock_after } });
  return row;
}

/**
 * An adjustment as the console shows it, in the reader's language: its SKU by its options ("Green /
 * Standard"; '' when the SKU is gone or has none), and goods a case's return put back on sale by the
 * case (older rows recorded that in English, "after-sale AS…: returned, back on sale", and are worded
 * the same); an operator's own reason as typed.
 */
const toAdjustment = (
  i18n: Translator,
  lang: Actor['lang'],
  r: Awaited<ReturnType<typeof q.insertStockAdjustment>>,
  options: { spec_value_ids: unknown; specs: unknown } | undefined,
) => {
  const caseNo = r.after_sale_case_no ?? /^after-sale (\S+): returned, back on sale$/.exec(r.reason)?.[1];
  return {
    id: Number(r.id),
    goods_id: r.goods_id,
    sku_id: r.sku_id,
    sku_spec: options?.specs && options.spec_value_ids ? skuSpecText(options.specs as SpecDef[], options.spec_value_ids as number[], lang) : '',
    delta: r.delta,
    stock_after: r.stock_after,
    reason: caseNo ? i18n.t(lang, 'afterSales.stock.returnedBackOnSale', { case_no: caseNo }) : r.reason,
    operator: r.operator,
    created_at: iso(r.created_at),
  };
};

/** Adds or takes away an SKU's stock by a conditional update (never below zero, whatever sells meanwhile), recorded with the reason. */
export async function adjustStock(deps: AppDeps, actor: Actor, input: EndpointBody<typeof adminAdjustStock>): Promise<EndpointData<typeof adminAdjustStock>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const changed = await q.addToSkuStock(tx, input.sku_id, input.delta);
    if (!changed) {
      const sku = await q.findSkuWithGoods(tx, input.sku_id);
      if (!sku) throw new AppError(ResponseCode.skuNotFound);
      throw new AppError(ResponseCode.stockShortage, { name: pick(sku.name, actor.lang), stock: sku.stock });
    }
    const row = await recordAdjustment(tx, { goods_id: changed.goods_id, sku_id: changed.id, delta: input.delta, stock_after: changed.stock, reason: input.reason, operator });
    catalogueChangedOnCommit(tx, deps, [changed.goods_id]);
    return toAdjustment(deps.i18n, actor.lang, row, await q.findSkuOptions(tx, changed.id));
  });
}

/** One goods' stock adjustments, newest first. */
export async function stockAdjustments(deps: Pick<AppDeps, 'db' | 'i18n'>, actor: Actor, input: EndpointQuery<typeof adminListStockAdjustments>): Promise<EndpointData<typeof adminListStockAdjustments>> {
  operatorNameOf(actor);
  const rows = await q.findStockAdjustmentsPage(deps.db, input.goods_id, input.limit, (input.page - 1) * input.limit);
  return pageOf(rows.map(({ spec_value_ids, specs, ...r }) => toAdjustment(deps.i18n, actor.lang, r, { spec_value_ids, specs })), totalOf(rows), input);
}

