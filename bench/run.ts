import path from 'node:path';
import { benchCatalogue } from './catalogue.js';
import { benchAfterSales } from './after-sales.js';
import { benchChat } from './chat.js';
import { benchGeography } from './geo.js';
import { benchLedger } from './ledger.js';
import { benchCheckout, benchOrderList, benchShopOrderList } from './orders.js';
import { benchWallet } from './wallet.js';
import { benchLighthouse, printLighthouse, type LighthouseRow } from './lighthouse.js';
import { load, warm, type LoadResult } from './load.js';
import { ROOT, startBareFastify, startShop } from './servers.js';
import { measureConsoleFirstLoad, measureHomeRouteJs } from './web-size.js';

const HOME_JS_BUDGET_BYTES = 100 * 1024;
/** The operator console's first screen (entry and first page), gzipped. */
const CONSOLE_JS_BUDGET_BYTES = 350 * 1024;
const ROUNDS = 3;

/** The rounds of one call as one result: mean requests/s, worst p99, all errors. */
function combine(rounds: LoadResult[]): LoadResult {
  return {
    name: rounds[0]!.name,
    requestsPerSecond: Math.round(rounds.reduce((a, r) => a + r.requestsPerSecond, 0) / rounds.length),
    p99Ms: Math.max(...rounds.map((r) => r.p99Ms)),
    non2xx: rounds.reduce((a, r) => a + r.non2xx, 0),
    errors: rounds.reduce((a, r) => a + r.errors, 0),
  };
}

/**
 * `npm run bench`: load and size budgets, as ratios measured in one run on this machine.
 * Exits non-zero when a budget is missed.
 */
const failures: string[] = [];
const rows: Array<LoadResult & { ratio?: number; budget?: string }> = [];

function check(row: LoadResult, baseline: LoadResult | undefined, minRatio: number | undefined, maxP99Ms: number | undefined) {
  const ratio = baseline ? row.requestsPerSecond / baseline.requestsPerSecond : undefined;
  const budget = [minRatio !== undefined ? `ratio ≥ ${minRatio}` : '', maxP99Ms !== undefined ? `p99 < ${maxP99Ms} ms` : ''].filter(Boolean).join(', ');
  rows.push({ ...row, ratio, budget });
  if (row.errors || row.non2xx) failures.push(`${row.name}: ${row.errors} errors, ${row.non2xx} non-2xx answers`);
  if (minRatio !== undefined && ratio !== undefined && ratio < minRatio) failures.push(`${row.name}: ratio ${ratio.toFixed(2)} < ${minRatio}`);
  if (maxP99Ms !== undefined && row.p99Ms >= maxP99Ms) failures.push(`${row.name}: p99 ${row.p99Ms} ms ≥ ${maxP99Ms} ms`);
}

/**
 * `npm run bench -- wallet ledger` (or `BENCH_ONLY=wallet,ledger npm run bench`): only the named
 * groups (envelope, catalogue, geo, wallet, orders, shops, after-sales, chat, lighthouse, ledger, journey, web); `shops` is
 * the member shops' rows of `orders` alone (the owner's order list, and the shop checkout beside the regular one). The
 * catalogue, geography and after-sales rows need the envelope row as their base.
 */
// `npm run bench -- --large`: the large-data bench alone (bench/large.ts), minutes of both cores.
if (process.argv.includes('--large')) {
  const { benchLarge } = await import('./large.js');
  const failures = await benchLarge();
  console.log(failures.length ? `\nover budget:\n- ${failures.join('\n- ')}` : '\nall budgets met');
  process.exit(failures.length ? 1 : 0);
}
// `npm run bench -- --referral`: the referral team at 100,000 members alone (bench/referral.ts).
if (process.argv.includes('--referral')) {
  const { benchReferral } = await import('./referral.js');
  const { rows, failures } = await benchReferral();
  const base = rows[0]!;
  for (const r of rows) {
    const ratio = (r.requestsPerSecond / base.requestsPerSecond).toFixed(2);
    console.log(r.name.padEnd(48), String(r.requestsPerSecond).padStart(8), 'req/s', String(r.p99Ms).padStart(6), 'ms p99', `ratio ${ratio}`, r.maxP99Ms ? ` budget p99 < ${r.maxP99Ms} ms` : '');
  }
  console.log(failures.length ? `\nover budget:\n- ${failures.join('\n- ')}` : '\nall budgets met');
  process.exit(failures.length ? 1 : 0);
}
// `npm run bench -- --capacity`: the capacity figures of docs/scaling.md (bench/capacity.ts).
if (process.argv.includes('--capacity')) {
  const { benchCapacity } = await import('./capacity.js');
  const rows = await benchCapacity();
  process.exit(rows.some((r) => r.errors) ? 1 : 0);
}
const GROUPS = ['envelope', 'catalogue', 'geo', 'wallet', 'orders', 'shops', 'after-sales', 'chat', 'lighthouse', 'ledger', 'journey', 'web'] as const;
const named = process.argv.slice(2).filter((a) => !a.startsWith('-')).join(',') || process.env.BENCH_ONLY;
const only = named?.split(',').filter(Boolean);
if (only?.some((g) => !GROUPS.includes(g as (typeof GROUPS)[number]))) throw new Error(`bench groups: ${GROUPS.join(', ')}`);
const runs = (group: (typeof GROUPS)[number]) => !only || only.includes(group) || (group === 'envelope' && ['catalogue', 'geo', 'after-sales'].some((g) => only.includes(g)));

/** The bare route and the envelope-only call in alternating rounds, checked; answers the envelope row. */
async function benchEnvelope(shopUrl: string): Promise<LoadResult> {
  const versionUrl = `${shopUrl}/web/version`;
  const sample = (await (await fetch(versionUrl)).json()) as unknown;
  const bare = await startBareFastify(sample);
  let baseline: LoadResult;
  let envelope: LoadResult;
  try {
    await warm(`${bare.url}/bare`);
    await warm(versionUrl);
    // Alternating rounds, so a change in the machine's load weighs on both sides alike.
    const bareRounds: LoadResult[] = [];
    const envelopeRounds: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      bareRounds.push(await load('bare Fastify route (same JSON)', `${bare.url}/bare`, { seconds: 3 }));
      envelopeRounds.push(await load('GET /web/version (envelope only)', versionUrl, { seconds: 3 }));
    }
    baseline = combine(bareRounds);
    envelope = combine(envelopeRounds);
  } finally {
    await bare.stop();
  }
  check(baseline, undefined, undefined, undefined);
  check(envelope, baseline, 0.8, undefined);
  return envelope;
}

let lighthouseRows: LighthouseRow[] | undefined;
const shop = runs('envelope') || runs('wallet') || runs('orders') || runs('shops') || runs('chat') || runs('lighthouse') ? await startShop() : undefined;
let envelope: LoadResult | undefined;
try {
  if (shop && runs('envelope')) {
    envelope = await benchEnvelope(shop.url);
    // The catalogue's budgets are ratios to the envelope-only call of the same run.
    if (runs('catalogue')) for (const row of await benchCatalogue(shop.url)) check(row, envelope, row.minRatio, row.maxP99Ms);
    // The address form's region pickers, under the same budgets.
    if (runs('geo')) for (const row of await benchGeography(shop.url)) check(row, envelope, row.minRatio, row.maxP99Ms);
  }
  // A signed-in member's asset page, with a few hundred ledger entries.
  if (shop && runs('wallet')) for (const row of await benchWallet(shop)) check(row, undefined, undefined, row.maxP99Ms);
  // After-sales: opening a return, and a member's list of 50 cases, beside the envelope call.
  if (shop && runs('after-sales')) for (const row of await benchAfterSales(shop)) check(row, envelope, undefined, row.maxP99Ms);
  if (shop && runs('chat')) for (const row of await benchChat(shop)) check(row, undefined, undefined, row.maxP99Ms);
  // A member's order list with 200 orders.
  if (shop && runs('orders')) {
    const row = await benchOrderList(shop);
    check(row, undefined, undefined, row.maxP99Ms);
  }
  // A shop owner's order list with 1,000 orders.
  if (shop && (runs('orders') || runs('shops'))) {
    const shopRow = await benchShopOrderList(shop);
    check(shopRow, undefined, undefined, shopRow.maxP99Ms);
  }
  // A member's phone: Lighthouse's mobile profile on the production build the shop serves.
  if (shop && runs('lighthouse')) lighthouseRows = await benchLighthouse(shop.url);
} finally {
  await shop?.stop();
}

// The ledger in-process on its own throw-away database: transfers as a ratio to a one-row UPDATE transaction.
if (runs('ledger')) {
  const ledger = await benchLedger();
  check(ledger.baseline, undefined, undefined, undefined);
  check(ledger.transfers, ledger.baseline, 0.35, undefined);
}

// Checkout in-process on its own throw-away database: createOrder as a ratio to a bare reserve-and-insert
// transaction, and in the same run 200 buyers for the last 10 units of a hot SKU.
let hotSku: { orders: number; stock: number } | undefined;
if (runs('orders') || runs('shops')) {
  const checkout = await benchCheckout();
  check(checkout.baseline, undefined, undefined, undefined);
  check(checkout.checkout, checkout.baseline, 0.25, undefined);
  // The member shops' checkout within 0.8 of the regular checkout's rate in the same run.
  check(checkout.shopCheckout, checkout.checkout, 0.8, undefined);
  hotSku = checkout.hot;
  if (hotSku.orders !== 10 || hotSku.stock !== 0) failures.push(`hot SKU: ${hotSku.orders} orders for 10 units, stock ${hotSku.stock}`);
}

// A shopper's whole checkout through a shop of its own, its statements counted on the way to the database.
const journeyNotes: string[] = [];
if (runs('journey')) {
  const { benchJourney, JOURNEY_BUDGETS, COMMISSIONS_MIN_RATIO } = await import('./journey.js');
  const journeys = await benchJourney();
  for (const row of journeys.rows) {
    check(row, undefined, undefined, row.budgeted ? JOURNEY_BUDGETS.p99Ms : undefined);
    journeyNotes.push(`${row.name}: ${row.statements} statements per checkout (${row.perCall.map(([call, n]) => `${call} ${n}`).join(', ')}); one shopper alone p50 ${row.aloneP50Ms} ms`);
    if (!row.budgeted) continue;
    if (row.requestsPerSecond < JOURNEY_BUDGETS.perSecond) failures.push(`${row.name}: ${row.requestsPerSecond} checkouts per second < ${JOURNEY_BUDGETS.perSecond}`);
    if (row.statements > JOURNEY_BUDGETS.statements) failures.push(`${row.name}: ${row.statements} statements per checkout > ${JOURNEY_BUDGETS.statements}`);
    if (row.aloneP50Ms >= JOURNEY_BUDGETS.aloneP50Ms) failures.push(`${row.name}: one shopper alone p50 ${row.aloneP50Ms} ms ≥ ${JOURNEY_BUDGETS.aloneP50Ms} ms`);
  }
  const { without, withUplines, written } = journeys.commissions;
  check(without, undefined, undefined, undefined);
  check(withUplines, without, COMMISSIONS_MIN_RATIO, undefined);
  journeyNotes.push(`${withUplines.name}: ${written} pending commissions written`);
  if (!written) failures.push(`${withUplines.name}: no pending commission was written, so the row measures nothing`);
}

console.log('\nload (50 connections, loopback; ledger and checkout rows: 50 concurrent clients, per second)');
console.log('name'.padEnd(44), 'req/s'.padStart(8), 'p99 ms'.padStart(7), 'ratio'.padStart(6), ' budget');
for (const r of rows) {
  console.log(r.name.padEnd(44), String(r.requestsPerSecond).padStart(8), String(r.p99Ms).padStart(7), (r.ratio?.toFixed(2) ?? '-').padStart(6), ' ' + (r.budget ?? ''));
}
if (hotSku) console.log(`\nhot SKU, 200 buyers for 10 units: ${hotSku.orders} orders, stock left ${hotSku.stock}`);
if (journeyNotes.length) console.log(`\ncheckout journeys (budget for the card: ≥ 100 per second, p99 < 500 ms, ≤ 30 statements, one shopper alone p50 < 30 ms):\n- ${journeyNotes.join('\n- ')}`);
if (runs('web')) {
  const web = await measureHomeRouteJs(path.join(ROOT, 'apps/web/dist'));
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`\nhome route JavaScript before first paint: ${kb(web.gzipBytes)} KB gzipped in ${web.files.length} files (budget ${HOME_JS_BUDGET_BYTES / 1024} KB)`);
  console.log(`  with the home page's own chunk: ${kb(web.withHomePage.gzipBytes)} KB gzipped in ${web.withHomePage.files.length} files`);
  if (web.gzipBytes > HOME_JS_BUDGET_BYTES) failures.push(`home route JavaScript ${(web.gzipBytes / 1024).toFixed(1)} KB > ${HOME_JS_BUDGET_BYTES / 1024} KB`);
  const console_ = await measureConsoleFirstLoad(path.join(ROOT, 'apps/admin/dist'));
  console.log(`console first screen JavaScript: sign-in ${kb(console_.signIn.gzipBytes)} KB in ${console_.signIn.files.length} files, dashboard ${kb(console_.dashboard.gzipBytes)} KB in ${console_.dashboard.files.length} files, gzipped (budget ${CONSOLE_JS_BUDGET_BYTES / 1024} KB)`);
  if (console_.largest.gzipBytes > CONSOLE_JS_BUDGET_BYTES) failures.push(`console first screen JavaScript ${kb(console_.largest.gzipBytes)} KB > ${CONSOLE_JS_BUDGET_BYTES / 1024} KB`);
}

if (runs('lighthouse')) failures.push(...printLighthouse(lighthouseRows ?? []));

if (failures.length) console.log(`\nover budget:\n- ${failures.join('\n- ')}`);
else console.log('\nall budgets met');
// Exit now, with the verdict: the embedded PostgreSQL package's exit hook would otherwise end the
// process with code 0 whatever the budgets said.
process.exit(failures.length ? 1 : 0);
