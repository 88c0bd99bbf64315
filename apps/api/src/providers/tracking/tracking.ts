/** One tracking event as a provider reports it. */
export interface ParcelEvent {
  /** ISO 8601 with an offset. */
  time: string;
  place: string;
  text: string;
}

/** Where a parcel is (a carrier's or an aggregator's tracking API); the orders area provides it. */
export interface ParcelTracker {
  readonly name: string;
  /** The parcel's events, newest first; an unknown number answers an empty list. */
  track(carrier: string, trackingNumber: string): Promise<{ delivered: boolean; events: ParcelEvent[] }>;
}

/** The tracking providers the shop is configured with, by name (`kuaidi100`, `17track`). */
export type ParcelTrackers = Partial<Record<string, ParcelTracker>>;
