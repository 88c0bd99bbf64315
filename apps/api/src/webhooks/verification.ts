// What checking a notification's authenticity answers: types only, for the providers' own code.

/** A provider's notification once its authenticity is proven. */
export interface WebhookEvent {
  /** The provider's own id of the event: stored once per provider. */
  eventId: string;
  type: string;
  payload: unknown;
}

/** Why a notification is refused (answered 4xx, stored nowhere, logged). */
export type WebhookRejection = 'missing_signature' | 'bad_signature' | 'stale' | 'wrong_merchant' | 'malformed';

export type WebhookVerification = { ok: true; event: WebhookEvent } | { ok: false; reason: WebhookRejection };

/** How the ingress ended, for the provider's own answer format. */
export type WebhookOutcome = 'accepted' | 'duplicate' | 'rejected' | 'failed';
