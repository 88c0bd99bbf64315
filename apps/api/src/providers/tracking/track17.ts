import { createHash } from 'node:crypto';
import type { ParcelEvent, ParcelTracker } from './tracking.js';

/** 17TRACK's `track_info` of a number (in an answer or a push). */
export interface Track17TrackInfo {
  latest_status?: { status?: string };
  tracking?: { providers?: Array<{ events?: Array<{ time_iso?: string; description?: string; location?: string | null }> }> };
}

/** A number's `track_info` as a parcel report, events newest first. */
export function track17Report(info: Track17TrackInfo | undefined): { delivered: boolean; events: ParcelEvent[] } {
  const events = (info?.tracking?.providers ?? [])
    .flatMap((p) => p.events ?? [])
    .map((e) => ({ time: e.time_iso ?? '', place: e.location ?? '', text: e.description ?? '' }))
    .filter((e) => e.time && e.text)
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
  return { delivered: info?.latest_status?.status === 'Delivered', events };
}

/** The `sign` header of a 17TRACK push: SHA-256 of the raw body, "/" and the API key, hex. */
export const track17PushSign = (rawBody: string | Buffer, key: string) => createHash('sha256').update(Buffer.concat([Buffer.from(rawBody), Buffer.from(`/${key}`)])).digest('hex');

interface Track17Answer {
  code: number;
  data?: {
    accepted?: Array<{
      number: string;
      track_info?: Track17TrackInfo;
    }>;
    rejected?: Array<{ number: string; error?: { code?: number; message?: string } }>;
  };
}

/**
 * 17TRACK's tracking API v2.2: a number is registered once (`POST /track/v2.2/register`), then
 * read (`POST /track/v2.2/gettrackinfo`); both take `[{ number, carrier? }]` and the `17token`
 * header. The carrier is 17TRACK's numeric code; without one it detects the carrier itself.
 */
export class Track17Tracker implements ParcelTracker {
  readonly name = '17track';

  constructor(private readonly options: { token: string; baseUrl?: string; timeoutMs?: number }) {}

  private async post(path: string, body: unknown): Promise<Track17Answer> {
    const res = await fetch(`${this.options.baseUrl ?? 'https://api.17track.net'}/track/v2.2/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', '17token': this.options.token },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!res.ok) throw new Error(`17track answered HTTP ${res.status}`);
    const answer = (await res.json()) as Track17Answer;
    if (answer.code !== 0) throw new Error(`17track refused the call: code ${answer.code}`);
    return answer;
  }

  async track(carrier: string, trackingNumber: string): Promise<{ delivered: boolean; events: ParcelEvent[] }> {
    const item = /^\d+$/.test(carrier) ? { number: trackingNumber, carrier: Number(carrier) } : { number: trackingNumber };
    // Registering twice is answered as rejected (already registered): harmless.
    await this.post('register', [item]);
    const answer = await this.post('gettrackinfo', [item]);
    const found = answer.data?.accepted?.find((a) => a.number === trackingNumber);
    if (!found) return { delivered: false, events: [] };
    return track17Report(found.track_info);
  }
}
