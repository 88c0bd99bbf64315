import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/database.js';
import { insertOutboxMessage } from '../outbox.queries.js';

export interface MailMessage {
  /** One e-mail address (never a list, nor with a display name). */
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. Implementations: SMTP for real delivery, the outbox for development. */
export interface MailProvider {
  readonly name: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Real delivery through an SMTP server (`smtp://user:pass@host:587`, `smtps://…`). */
export class SmtpMailProvider implements MailProvider {
  readonly name = 'smtp';
  private transport: Transporter;

  constructor(url: string, private from: string) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    // One recipient, as an address object: a string would be read as an address list (`a@b.c,d@e.f`, `"X" <a@b.c>`) and mailed to each.
    await this.transport.sendMail({ from: this.from, to: { name: '', address: message.to }, subject: message.subject, text: message.text });
  }
}

/** Development only: the message is kept in the database (readable at /dev/outbox) and logged. */
export class OutboxMailProvider implements MailProvider {
  readonly name = 'outbox';
  constructor(private db: Database, private log: (line: string) => void) {}

  async send(message: MailMessage): Promise<void> {
    await insertOutboxMessage(this.db, { channel: 'email', recipient: message.to.toLowerCase(), subject: message.subject, body: message.text });
    this.log(`outbox mail to ${message.to}: ${message.subject} — ${message.text}`);
  }
}
