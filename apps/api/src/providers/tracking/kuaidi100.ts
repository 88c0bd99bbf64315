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

/**
 * Kuaidi100's real-time query (`POST /poll/query.do`, form fields `customer`, `sign`, `param`):
 * `param` names the carrier code (`com`) and number (`num`); the answer lists events newest first.
 */
export class Kuaidi100Tracker implements ParcelTracker {
  readonly name = 'kuaidi100';

  constructor(
    private readonly options: { customer: string; key: string; baseUrl?: string; timeoutMs?: number },
  ) {}

  async track(carrier: string, trackingNumber: string): Promise<{ delivered: boolean; events: ParcelEvent[] }> {
    const param = JSON.stringify({ com: carrier, num: trackingNumber, resultv2: '1', show: '0', order: 'desc' });
    const body = new URLSearchParams({ customer: this.options.customer, sign: kuaidi100Sign(param, this.options.key, this.options.customer), param });
    const res = await fetch(`${this.options.baseUrl ?? 'https://poll.kuaidi100.com'}/poll/query.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new Error(`kuaidi100 answered HTTP ${res.status}`);
    const answer = (await res.json()) as { status?: string; state?: string; message?: string; returnCode?: string; data?: Array<{ time?: string; ftime?: string; context?: string; location?: string; areaName?: string }> };
    // No record of the number yet is not a failure: the parcel has no events.
    if (answer.status !== '200') {
      if (answer.returnCode === '500' || answer.returnCode === '400') return { delivered: false, events: [] };
      throw new Error(`kuaidi100 refused the query: ${answer.returnCode ?? ''} ${answer.message ?? ''}`.trim());
    }
    const events = (answer.data ?? [])
      .map((e) => ({ time: kuaidi100Time(e.ftime ?? e.time ?? ''), place: e.location ?? e.areaName ?? '', text: e.context ?? '' }))
      .filter((e) => e.time && e.text);
    return { delivered: DELIVERED_STATES.has(answer.state ?? ''), events };
  }
}
