import type { Database } from '../../db/database.js';
import { insertOutboxMessage } from '../outbox.queries.js';

export interface SmsMessage {
  /** E.164: `+8613800138000`. */
  to: string;
  text: string;
}

/** Sends text messages. Implementations: an HTTP gateway for real delivery, the outbox for development. */
export interface SmsProvider {
  readonly name: 'http' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}

/**
 * A generic HTTP SMS gateway: `POST SMS_HTTP_URL` with JSON `{ to, text }` and
 * `Authorization: Bearer SMS_HTTP_TOKEN`; any 2xx answer counts as accepted.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  constructor(private url: string, private token: string | undefined, private timeoutMs = 10_000) {}

  async send(message: SmsMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  }
}

/** Development only: the text is kept in the database (readable at /dev/outbox) and logged. */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(private db: Database, private log: (line: string) => void) {}

  async send(message: SmsMessage): Promise<void> {
    await insertOutboxMessage(this.db, { channel: 'sms', recipient: message.to, body: message.text });
    this.log(`outbox sms to ${message.to}: ${message.text}`);
  }
}
