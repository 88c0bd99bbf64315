import { createHash } from 'node:crypto';
import type { ParcelEvent, ParcelTracker } from './tracking.js';

/** Kuaidi100's states that mean the parcel reached the recipient (3 signed for). */
const DELIVERED_STATES = new Set(['3']);

/** Kuaidi100 reports China time without an offset (`2026-11-20 10:15:00`). */
export function kuaidi100Time(local: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(local.trim());
  if (!m) return '';
  return `${m[1]}T${m[2]!.length === 5 ? `${m[2]}:00` : m[2]}+08:00`;
}

/** The request signature: MD5 of param + key + customer, upper-case hex (Kuaidi100's real-time query API). */
export const kuaidi100Sign = (param: string, key: string, customer: string) => createHash('md5').update(param + key + customer).digest('hex').toUpperCase();

/** One Kuaidi100 answer (a query's, or a push's `lastResult`) as a parcel report. */
export interface Kuaidi100Result {
  status?: string;
  state?: string;
  message?: string;
  returnCode?: string;
  data?: Array<{ time?: string; ftime?: string; context?: string; location?: string; areaName?: string }>;
}
export function kuaidi100Report(answer: Kuaidi100Result): { delivered: boolean; events: ParcelEvent[] } {
  const events = (answer.data ?? [])
    .map((e) => ({ time: kuaidi100Time(e.ftime ?? e.time ?? ''), place: e.location ?? e.areaName ?? '', text: e.context ?? '' }))
    .filter((e) => e.time && e.text);
  return { delivered: DELIVERED_STATES.has(answer.state ?? ''), events };
}

/** The signature of a push (subscription callback): MD5 of param + salt, upper-case hex. */
export const kuaidi100PushSign = (param: string, salt: string) => createHash('md5').update(param + salt).digest('hex').toUpperCase();

/**
 * Kuaidi100's real-time query (`POST /poll/query.do`, form fields `customer`, `sign`, `param`):
 * `param` names the carrier code (`com`) and number (`num`); the answer lists events newest first.
 */
export class Kuaidi100Tracker implements ParcelTracker {
  readonly name = 'kuaidi100';

  constructor(
    private readonly options: { customer: string; key: string; baseUrl?: string; timeoutMs?: number; callback?: { url: string; salt: string } },
  ) {}

  /** Numbers this process already subscribed to pushes (a repeat would only be answered 501). */
  private readonly subscribed = new Set<string>();

  async track(carrier: string, trackingNumber: string): Promise<{ delivered: boolean; events: ParcelEvent[] }> {
    // With a callback configured, the first query of a number also subscribes it to pushes.
    if (this.options.callback && !this.subscribed.has(`${carrier}:${trackingNumber}`)) {
      await this.subscribe(carrier, trackingNumber, this.options.callback);
      this.subscribed.add(`${carrier}:${trackingNumber}`);
    }
    const param = JSON.stringify({ com: carrier, num: trackingNumber, resultv2: '1', show: '0', order: 'desc' });
    const body = new URLSearchParams({ customer: this.options.customer, sign: kuaidi100Sign(param, this.options.key, this.options.customer), param });
    const res = await fetch(`${this.options.baseUrl ?? 'https://poll.kuaidi100.com'}/poll/query.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new Error(`kuaidi100 answered HTTP ${res.status}`);
    const answer = (await res.json()) as Kuaidi100Result;
    // No record of the number yet is not a failure: the parcel has no events.
    if (answer.status !== '200') {
      if (answer.returnCode === '500' || answer.returnCode === '400') return { delivered: false, events: [] };
      throw new Error(`kuaidi100 refused the query: ${answer.returnCode ?? ''} ${answer.message ?? ''}`.trim());
    }
    return kuaidi100Report(answer);
  }

  /**
   * Subscribes a number to pushes (`POST /poll`, form fields `schema=json` and `param` with the
   * company, number, key and the callback with its salt). Kuaidi100 then posts every change to the
   * callback; a number already subscribed is answered 501, which is no failure.
   */
  async subscribe(carrier: string, trackingNumber: string, callback: { url: string; salt: string }): Promise<void> {
    const param = JSON.stringify({ company: carrier, number: trackingNumber, key: this.options.key, parameters: { callbackurl: callback.url, salt: callback.salt, resultv2: '1' } });
    const res = await fetch(`${this.options.baseUrl ?? 'https://poll.kuaidi100.com'}/poll`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ schema: 'json', param }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new Error(`kuaidi100 answered HTTP ${res.status}`);
    const answer = (await res.json()) as { result?: boolean; returnCode?: string; message?: string };
    if (!answer.result && answer.returnCode !== '501') throw new Error(`kuaidi100 refused the subscription: ${answer.returnCode ?? ''} ${answer.message ?? ''}`.trim());
  }
}
