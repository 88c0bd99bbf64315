import { ResponseCode, type EndpointBody, type EndpointData, type EndpointQuery, type Language, type Page, type adminGetOrder, type adminListOrders, type adminSetShippingFee, type getOrderTracking, type getOrderPackage, type listOrderPackages, type adminShipOrder, type adminAddTrackingEvent } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Database, Executor } from '../../db/database.js';
import { enqueueJob } from '../../jobs/enqueue.js';
import { operatorNameOf, type Actor } from '../../lib/actor.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { findCountry } from '../geo/geo.queries.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import type { AuditFacts, OperatorAction } from '@shop/contract';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { findOperatorById } from '../operators/operators.queries.js';
import { memberIdOf } from '../cart/cart.service.js';
import { pick } from '../catalogue/texts.js';
import { ordersChanged } from './order-lists.js';
import { closeRefundRequest, orderLink, recordOrderEvent, transition, waitingRefundRequest } from './order-state.js';
import { notifyMember } from '../messages/messages.service.js';
import * as q from './orders.queries.js';
import { groupAllowsShipping } from '../promotions/group-buy.entries.js';
import type { OrderStatus } from './orders.table.js';
import { getOrderDetails, scheduleAutoComplete } from './orders.service.js';
import { iso } from '../../lib/dates.js';
import { totalOf } from '../../lib/paging.js';


/** How an operator is named in what they decide. */
export const operatorName = (actor: Actor): string => operatorNameOf(actor);


// ---------------------------------------------------------------- shipping (operators)

/**
 * Ships (part of) a paid order in one package. Each line's shipped count grows only within what was
 * bought (a conditional update), so two operators shipping the same order at once cannot ship a
 * unit twice; the order becomes shipped when every unit is, and its automatic completion is
 * scheduled from then.
 */
export async function shipOrder(deps: Pick<AppDeps, 'db'> & { providers: Pick<AppDeps['providers'], 'parcelTracking'> }, actor: Actor, input: EndpointBody<typeof adminShipOrder>): Promise<EndpointData<typeof adminShipOrder>> {
  const by = operatorName(actor);
  if (input.tracking_provider !== 'manual' && !deps.providers.parcelTracking[input.tracking_provider]) throw new AppError(ResponseCode.trackingProviderUnavailable);
  return withTransaction(deps.db, async (tx) => {
    const order = await q.lockOrderForUpdate(tx, input.order_id);
    if (!order) throw new AppError(ResponseCode.orderNotFound);
    if (order.status !== 'paid') throw new AppError(ResponseCode.orderState);
    // Nothing of a group buy ships before its group succeeds.
    if (order.kind === 'group_buy' && !(await groupAllowsShipping(tx, order.id))) throw new AppError(ResponseCode.groupNotFilled);
    const lines = await q.findOrderLines(tx, [order.id]);
    const wanted = input.lines ?? lines.filter((l) => l.shipped_quantity < l.quantity).map((l) => ({ order_line_id: l.id, num: l.quantity - l.shipped_quantity }));
    if (!wanted.length) throw new AppError(ResponseCode.packageLinesInvalid);
    const merged = new Map<number, number>();
    for (const w of wanted) merged.set(w.order_line_id, (merged.get(w.order_line_id) ?? 0) + w.num);
    for (const [lineId, num] of [...merged].sort((a, b) => a[0] - b[0])) {
      if (!(await q.addShippedQuantity(tx, order.id, lineId, num))) throw new AppError(ResponseCode.packageLinesInvalid);
    }
    ordersChanged(tx, [order.user_id]);
    const pkg = await q.insertPackage(tx, { order_id: order.id, carrier: input.carrier, tracking_number: input.tracking_number, tracking_provider: input.tracking_provider, created_by: by });
    if (!pkg) throw new AppError(ResponseCode.packageLinesInvalid);
    await q.insertPackageLines(tx, pkg.id, [...merged].map(([order_line_id, quantity]) => ({ order_line_id, quantity })));
    // A provider's parcel is asked about at once, then now and then until it is delivered.
    if (input.tracking_provider !== 'manual') await enqueueJob(tx, 'refresh_tracking', { packageId: pkg.id }, { jobKey: `tracking:${pkg.id}`, maxAttempts: 5 });
    await recordOrderEvent(tx, actor, order.id, 'package_shipped', `${input.carrier} ${input.tracking_number}`);
    // A package on its way cannot be cancelled: a request to cancel and refund the order closes.
    await closeRefundRequest(tx, actor, order.id, 'order shipped');
    await insertOperatorAction(tx, { operator: by, action: 'order.ship', target_type: 'order', target_id: order.id, facts: { key: 'shipment', order_no: order.order_no, package_id: pkg.id, carrier: input.carrier, tracking_number: input.tracking_number } });
    const after = await q.findOrderLines(tx, [order.id]);
    let status: OrderStatus = order.status;
    if (after.every((l) => l.shipped_quantity === l.quantity)) {
      const shipped = await transition(tx, actor, order.id, ['paid'], 'shipped', { set: { shipped_at: new Date() } });
      if (!shipped) throw new AppError(ResponseCode.orderState);
      status = 'shipped';
      await scheduleAutoComplete(tx, order.id);
    }
    return { package_id: pkg.id, order_id: order.id, order_status: status };
  });
}

/** Adds an event to a package (entered by an operator); a delivered package moves the order's automatic completion. */
export async function addTrackingEvent(db: Database, actor: Actor, input: EndpointBody<typeof adminAddTrackingEvent>): Promise<EndpointData<typeof adminAddTrackingEvent>> {
  const by = operatorName(actor);
  return withTransaction(db, async (tx) => {
    const pkg = await q.findPackage(tx, input.package_id);
    if (!pkg) throw new AppError(ResponseCode.packageNotFound);
    await insertOperatorAction(tx, { operator: by, action: 'order.tracking_event', target_type: 'order', target_id: pkg.order_id, facts: { key: 'tracking_event', package_id: pkg.id, delivered: input.delivered === true, text: input.text } });
    const time = input.time ? new Date(input.time) : new Date();
    const added = await q.insertTrackingEvents(tx, pkg.id, 'manual', [{ time, place: input.place, text: input.text }]);
    let delivered = pkg.status === 'delivered';
    if (input.delivered && (await q.markPackageDelivered(tx, pkg.id, time))) {
      delivered = true;
      const order = await q.findOrder(tx, pkg.order_id);
      if (order) await notifyMember(tx, { memberId: order.user_id, kind: 'order.delivered', params: { order_no: order.order_no }, link: orderLink(order.id), eventKey: `package:${pkg.id}:delivered` });
      if (order?.status === 'shipped') await scheduleAutoComplete(tx, order.id);
    }
    return { package_id: pkg.id, added, delivered };
  });
}

/** Stores what a tracking provider reports for a package, once per event; a delivery moves the order's automatic completion. */
export async function recordProviderTracking(db: Database, packageId: number, source: string, report: { delivered: boolean; events: Array<{ time: string; place: string; text: string }> }): Promise<number> {
  return withTransaction(db, async (tx) => {
    const pkg = await q.findPackage(tx, packageId);
    if (!pkg) return 0;
    const events = report.events.map((e) => ({ time: new Date(e.time), place: e.place, text: e.text })).filter((e) => !Number.isNaN(e.time.getTime()));
    const added = await q.insertTrackingEvents(tx, pkg.id, source, events);
    await q.markPackageTracked(tx, pkg.id);
    if (report.delivered) {
      const at = events.length ? new Date(Math.max(...events.map((e) => e.time.getTime()))) : new Date();
      if (await q.markPackageDelivered(tx, pkg.id, at)) {
        const order = await q.findOrder(tx, pkg.order_id);
        if (order) await notifyMember(tx, { memberId: order.user_id, kind: 'order.delivered', params: { order_no: order.order_no }, link: orderLink(order.id), eventKey: `package:${pkg.id}:delivered` });
        if (order?.status === 'shipped') await scheduleAutoComplete(tx, order.id);
      }
    }
    return added;
  });
}

// ---------------------------------------------------------------- packages and tracking (members)

type PackageRow = Awaited<ReturnType<typeof q.findPackagesOfOrder>>[number];

async function describePackages(db: Executor, packages: PackageRow[], lang: Language) {
  const ids = packages.map((p) => p.id);
  const [lines, events] = await Promise.all([q.findPackageLines(db, ids), q.findTrackingEvents(db, ids)]);
  return packages.map((p) => {
    const own = events.filter((e) => e.package_id === p.id).map((e) => ({ time: iso(e.happened_at)!, place: e.place, text: e.text }));
    return {
      id: p.id,
      order_id: p.order_id,
      carrier: p.carrier,
      tracking_number: p.tracking_number,
      status: p.status,
      shipped_at: iso(p.shipped_at)!,
      delivered_at: iso(p.delivered_at),
      lines: lines.filter((l) => l.package_id === p.id).map((l) => ({ order_line_id: l.order_line_id, name: pick(l.name, lang), spec_text: pick(l.spec_text, lang), image: l.image, num: l.quantity })),
      latest: own[0] ?? null,
      events: own,
    };
  });
}

/** The member's order, or "order not found" for another member's id. */
async function ownOrder(db: Executor, actor: Actor, orderId: number) {
  const order = await q.findMemberOrder(db, memberIdOf(actor), orderId);
  if (!order) throw new AppError(ResponseCode.orderNotFound);
  return order;
}

/** The packages one of the member's orders was shipped in. */
export async function listPackages(db: Database, actor: Actor, input: EndpointQuery<typeof listOrderPackages>): Promise<EndpointData<typeof listOrderPackages>> {
  const order = await ownOrder(db, actor, input.order_id);
  const described = await describePackages(db, await q.findPackagesOfOrder(db, order.id), actor.lang);
  return { list: described.map(({ events: _e, ...p }) => p) };
}

/** One package of one of the member's orders, with its events newest first. */
export async function packageInfo(db: Database, actor: Actor, input: EndpointQuery<typeof getOrderPackage>): Promise<EndpointData<typeof getOrderPackage>> {
  const pkg = await q.findPackage(db, input.id);
  // Another member's package answers exactly like one that does not exist.
  if (!pkg || !(await q.findMemberOrder(db, memberIdOf(actor), pkg.order_id))) throw new AppError(ResponseCode.packageNotFound);
  const [described] = await describePackages(db, [pkg], actor.lang);
  return described!;
}

/** Tracking events of the member's order (every package) or of one package, newest first. */
export async function trackingLog(db: Database, actor: Actor, input: EndpointQuery<typeof getOrderTracking>): Promise<EndpointData<typeof getOrderTracking>> {
  let packages: PackageRow[];
  if (input.package_id !== undefined) {
    const pkg = await q.findPackage(db, input.package_id);
    if (!pkg || !(await q.findMemberOrder(db, memberIdOf(actor), pkg.order_id))) throw new AppError(ResponseCode.packageNotFound);
    packages = [pkg];
  } else {
    const order = await ownOrder(db, actor, input.order_id!);
    packages = await q.findPackagesOfOrder(db, order.id);
  }
  const described = await describePackages(db, packages, actor.lang);
  return { list: described.map((p) => ({ package_id: p.id, carrier: p.carrier, tracking_number: p.tracking_number, status: p.status, events: p.events })) };
}

// ---------------------------------------------------------------- operators' views and settings

/** Orders by state for operators, newest first. */
export async function listOrdersForOperator(db: Database, actor: Actor, input: EndpointQuery<typeof adminListOrders>): Promise<Page<EndpointData<typeof adminListOrders>['list'][number]>> {
  operatorName(actor);
  const rows = await q.findOrdersPageByStatus(db, input.status, input.limit, (input.page - 1) * input.limit, input);
  const total = totalOf(rows);
  return {
    list: rows.map((r) => ({ id: r.id, order_no: r.order_no, user_id: r.user_id, user_name: r.user_name ?? '', status: r.status, currency: r.currency, total: Number(r.total_minor), created_at: iso(r.created_at)!, paid_at: iso(r.paid_at), last_reminded_at: iso(r.last_reminded_at) })),
    total,
    page: input.page,
    limit: input.limit,
    has_more: input.page * input.limit < total,
  };
}

/** One order for operators, with everything that happened to it. */
export async function orderForOperator(db: Database, actor: Actor, input: EndpointQuery<typeof adminGetOrder>): Promise<EndpointData<typeof adminGetOrder>> {
  operatorName(actor);
  const order = await q.findOrder(db, input.id);
  if (!order) throw new AppError(ResponseCode.orderNotFound);
  const [details, events, packages, member, cancelRequest] = await Promise.all([
    getOrderDetails(db, order, actor.lang),
    q.findOrderEvents(db, order.id),
    q.findPackagesOfOrder(db, order.id),
    q.findUserName(db, order.user_id),
    order.status === 'paid' ? waitingRefundRequest(db, order.id) : null,
  ]);
  const described = await describePackages(db, packages, actor.lang);
  return {
    ...details,
    user_id: order.user_id,
    user_name: member ?? '',
    packages: described.map(({ events: _e, ...p }) => p),
    events: await withOperatorNames(db, events),
    cancel_request: cancelRequest,
  };
}

/** An order's events as operators read them: each operator's step names them as their decisions are recorded (`name#id`), looked up once per operator. */
async function withOperatorNames(db: Executor, events: Awaited<ReturnType<typeof q.findOrderEvents>>) {
  const ids = [...new Set(events.filter((e) => e.actor_kind === 'operator' && /^\d+$/.test(e.actor_id)).map((e) => Number(e.actor_id)))];
  const names = new Map(await Promise.all(ids.map(async (id) => [String(id), `${(await findOperatorById(db, id))?.user_name ?? 'operator'}#${id}`] as const)));
  return events.map((e) => ({
    kind: e.kind,
    from_status: e.from_status,
    to_status: e.to_status,
    actor: `${e.actor_kind}:${e.actor_id}`,
    operator: e.actor_kind === 'operator' ? (names.get(e.actor_id) ?? e.actor_id) : null,
    reason: e.reason,
    at: iso(e.created_at)!,
  }));
}

/** Paid orders whose members asked for them to be shipped. */
export async function listReminders(db: Database, actor: Actor) {
  operatorName(actor);
  const rows = await q.findReminders(db, 200);
  return { list: rows.map((r) => ({ order_id: r.id, order_no: r.order_no, user_id: r.user_id, reminded_at: iso(r.last_reminded_at)!, paid_at: iso(r.paid_at) })) };
}

/** The order times an operator sets: each left out stays as it is. */
export interface OrderTimes {
  expiry_minutes?: number;
  auto_confirm_days?: number;
  /** Applies to orders completed from then on: one already completed keeps the time it was given. */
  settle_after_days?: number;
}

/** A change of the order times as the operators' log records it (each left out: null). */
export const orderTimesFacts = (input: OrderTimes): AuditFacts => ({
  key: 'order_times',
  expiry_minutes: input.expiry_minutes ?? null,
  auto_confirm_days: input.auto_confirm_days ?? null,
  settle_after_days: input.settle_after_days ?? null,
});

/** A country's freight as the operators' log records it. */
export const shippingFeeFacts = (input: { country_code: string; currency: string; fee: number; free_over: number | null }): AuditFacts => ({
  key: 'shipping_fee',
  country: input.country_code,
  currency: input.currency,
  fee: input.fee,
  free_over: input.free_over,
  removed: false,
});

/**
 * Changes the order times; recorded with who. A form's save names the version it read (`loaded`, checked
 * under the row's lock): saved from a copy changed since, it is refused and nothing changes.
 */
export async function setOrderSettings(db: Database, actor: Actor, input: OrderTimes, loaded?: { base_updated_at: string | undefined }) {
  const operator = operatorName(actor);
  const s = await withTransaction(db, async (tx) => {
    if (loaded) assertLoadedVersion((await q.lockOrderSettingsForUpdate(tx)).updated_at, loaded.base_updated_at);
    return q.updateOrderTimes(tx, input, operator);
  });
  return { expiry_minutes: s.expiry_minutes, auto_confirm_days: s.auto_confirm_days, settle_after_days: s.settle_after_days, updated_by: s.updated_by, updated_at: iso(s.updated_at)! };
}

/** The version a console form read a row at (`base_updated_at`; none: the form had no such row). Left out (the command line): not checked. */
export type LoadedVersion = { base_updated_at: string | undefined } | undefined;

/**
 * Writes one row of a table saved row by row from the console's copy, under the row's lock: a form
 * that read the row must name the version it read (changed since: refused, 4020); one that read no
 * such row adds it, and is refused when another save added it meanwhile or when the row it read was
 * removed since. Unchecked (`loaded` left out), a row added meanwhile is changed instead.
 */
export async function writeLoadedRow(db: Database, loaded: LoadedVersion, lock: (tx: Tx) => Promise<{ updated_at: Date } | undefined>, write: (tx: Tx, exists: boolean) => Promise<boolean>): Promise<void> {
  await withTransaction(db, async (tx) => {
    const current = await lock(tx);
    if (loaded) {
      if (current) assertLoadedVersion(current.updated_at, loaded.base_updated_at);
      else if (loaded.base_updated_at !== undefined) throw new AppError(ResponseCode.editedSinceOpened);
    }
    if (await write(tx, !!current)) return;
    if (loaded) throw new AppError(ResponseCode.editedSinceOpened);
    await lock(tx);
    await write(tx, true);
  });
}

/** Sets the global operating fee of a destination country (from a form's copy: refused when that row changed since). */
export async function setOperatingFee(db: Database, actor: Actor, input: { country_code: string; rate_bp: number }, loaded?: LoadedVersion) {
  const operator = operatorName(actor);
  await writeLoadedRow(db, loaded, (tx) => q.lockOperatingFeeForUpdate(tx, input.country_code), (tx, exists) => q.writeOperatingFee(tx, input.country_code, input.rate_bp, operator, exists));
  return { ok: true as const };
}

/** Sets the freight of regular orders to a country (from a form's copy: refused when that row changed since). */
export async function setShippingFee(db: Database, actor: Actor, input: Omit<EndpointBody<typeof adminSetShippingFee>, 'base_updated_at'>, loaded?: LoadedVersion) {
  const operator = operatorName(actor);
  // Checkout looks freight up by the address's country, and addresses exist only in shipping countries: a row elsewhere is never used.
  const country = await findCountry(db, input.country_code);
  if (!country || country.ship_sort === null) {
    throw new ValidationError([{ field: 'country_code', key: 'admin.validation.freightCountryNotShipped', params: { field: 'country_code', country: input.country_code } }]);
  }
  const row = { country_code: input.country_code, currency: input.currency, fee_minor: input.fee, free_over_minor: input.free_over };
  await writeLoadedRow(db, loaded, (tx) => q.lockShippingFeeForUpdate(tx, input.country_code, input.currency), (tx, exists) => q.writeShippingFee(tx, row, operator, exists));
  return { ok: true as const };
}

/**
 * Removes the freight of regular orders to a country in a currency (orders there in it then ship
 * free); not found when there is none. From a form's copy, refused when the row changed since.
 */
export async function removeShippingFee(db: Database, actor: Actor, input: { country_code: string; currency: string }, loaded?: LoadedVersion) {
  operatorName(actor);
  await withTransaction(db, async (tx) => {
    const current = await q.lockShippingFeeForUpdate(tx, input.country_code, input.currency);
    if (!current) throw notFound('shipping fee');
    if (loaded) assertLoadedVersion(current.updated_at, loaded.base_updated_at);
    await q.deleteShippingFee(tx, input.country_code, input.currency);
  });
  return { ok: true as const };
}

/** A settings change of the older calls (no reason asked), recorded with who in its transaction; the settings page records its own with the reason. */
export function recordedSetting<T>(db: Database, actor: Actor, action: OperatorAction, facts: AuditFacts, change: (tx: Database) => Promise<T>): Promise<T> {
  const operator = operatorName(actor);
  return withTransaction(db, async (tx) => {
    const result = await change(tx as unknown as Database);
    await insertOperatorAction(tx, { operator, action, target_type: 'setting', target_id: 0, facts });
    return result;
  });
}

/** The order times changed through the orders call or the command line, recorded. */
export const setOrderSettingsRecorded = (db: Database, actor: Actor, input: OrderTimes) => recordedSetting(db, actor, 'setting.orders', orderTimesFacts(input), (tx) => setOrderSettings(tx, actor, input));

/** A country's operating fee changed through the orders call, recorded; it names the version it read, like the console's. */
export const setOperatingFeeRecorded = (db: Database, actor: Actor, { base_updated_at, ...input }: { country_code: string; rate_bp: number; base_updated_at?: string }) =>
  recordedSetting(db, actor, 'setting.operating_fee', { key: 'operating_fee', country: input.country_code, rate_bp: input.rate_bp }, (tx) => setOperatingFee(tx, actor, input, { base_updated_at }));

/** A country's freight changed through the orders call, recorded; it names the version it read, like the console's. */
export const setShippingFeeRecorded = (db: Database, actor: Actor, { base_updated_at, ...input }: EndpointBody<typeof adminSetShippingFee>) =>
  recordedSetting(db, actor, 'setting.shipping_fee', shippingFeeFacts(input), (tx) => setShippingFee(tx, actor, input, { base_updated_at }));


/** Asks the package's tracking provider for its events and stores the new ones; manual packages are left alone. */
export async function refreshTracking(deps: AppDeps, packageId: number): Promise<number> {
  const pkg = await q.findPackage(deps.db, packageId);
  if (!pkg || pkg.tracking_provider === 'manual') return 0;
  const tracker = deps.providers.parcelTracking[pkg.tracking_provider];
  if (!tracker) return 0;
  const report = await tracker.track(pkg.carrier, pkg.tracking_number);
  return recordProviderTracking(deps.db, pkg.id, tracker.name, report);
}

/** Enqueues a refresh of every provider-tracked package still in transit that was not asked about in the last hour. */
export async function refreshOpenTracking(deps: AppDeps): Promise<number> {
  const ids = await q.findPackagesToTrack(deps.db, 1000);
  for (const id of ids) await enqueueJob(deps.db, 'refresh_tracking', { packageId: id }, { jobKey: `tracking:${id}`, maxAttempts: 5 });
  return ids.length;
}

