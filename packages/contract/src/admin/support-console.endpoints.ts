import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { languageSchema } from '../common/language-schema.js';
import { pageOf, pageQuery } from '../common/pagination.js';

// Support as operators see it: messages to all members or a segment, and the support settings.

/** A message's texts in one language. */
export const broadcastTextSchema = z.object({ title: z.string().trim().min(1).max(60), text: z.string().trim().min(1).max(500) });
/** Language → texts; English is required (members whose language is missing read it). */
export const broadcastTextsSchema = z
  .partialRecord(languageSchema, broadcastTextSchema)
  .refine((texts) => !!texts['en-us'], { message: 'The English text is required', path: ['en-us'] });

export const broadcastBody = z.object({
  texts: broadcastTextsSchema,
  /** The app page the message opens (`/pages/...`), or empty. */
  link: z.string().trim().max(500).regex(/^(\/pages\/[A-Za-z0-9_/?=&.-]*)?$/).default(''),
  /** Members of these countries only (ISO 3166 alpha-2); empty: every country. */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(50).default([]),
  /** Members who read their messages in these languages only; empty: every language. */
  langs: z.array(languageSchema).max(9).default([]),
});
export const broadcastSchema = z.object({
  id: z.number().int(),
  texts: z.record(z.string(), broadcastTextSchema),
  link: z.string(),
  countries: z.array(z.string()),
  langs: z.array(z.string()),
  /** How many members it was written to. */
  recipients: z.number().int().min(0),
  created_by: z.string(),
  created_at: z.string(),
});
export const supportSettingsSchema = z.object({
  /** Messages older than this many days are removed. */
  message_retention_days: z.number().int().min(7).max(3650),
});
export const supportSettingsBody = z.object({ message_retention_days: z.coerce.number().int().min(7).max(3650) });

/** Writes a message to every active member of the segment, once each; answers how many got it. */
export const adminSendBroadcast = endpoint({ method: 'POST', path: '/admin/api/messages/broadcast', auth: 'operator', permission: 'messages.broadcast', area: 'admin', idempotent: true, body: broadcastBody, data: broadcastSchema });
/** The messages sent to members, newest first. */
export const adminListBroadcasts = endpoint({ method: 'GET', path: '/admin/api/messages/broadcasts', auth: 'operator', permission: 'messages.broadcast', area: 'admin', query: pageQuery, data: pageOf(broadcastSchema) });
/** The support settings. */
export const adminSupportSettings = endpoint({ method: 'GET', path: '/admin/api/messages/settings', auth: 'operator', permission: 'messages.broadcast', area: 'admin', data: supportSettingsSchema });
/** Changes the support settings. */
export const adminSetSupportSettings = endpoint({ method: 'POST', path: '/admin/api/messages/settings/save', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: supportSettingsBody, data: supportSettingsSchema });

export const supportConsoleEndpoints = [adminSendBroadcast, adminListBroadcasts, adminSupportSettings, adminSetSupportSettings] as const;
