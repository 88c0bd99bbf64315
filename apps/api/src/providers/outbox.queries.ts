import type { Executor } from '../db/database.js';

/** Keeps a development message for /dev/outbox. */
export const insertOutboxMessage = (db: Executor, m: { channel: 'email' | 'sms'; recipient: string; subject?: string; body: string }) =>
  db.insertInto('outbox_messages').values({ channel: m.channel, recipient: m.recipient, ...(m.subject !== undefined ? { subject: m.subject } : {}), body: m.body }).execute();
