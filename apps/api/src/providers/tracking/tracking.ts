/** Where a parcel is (a carrier's or an aggregator's tracking API); the orders area provides it. */
export interface ParcelTracker {
  readonly name: string;
  /** The parcel's events, newest first; an unknown number answers an empty list. */
  track(carrier: string, trackingNumber: string): Promise<{ delivered: boolean; events: { time: string; place: string; text: string }[] }>;
}
