import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { languageSchema } from '../common/language-schema.js';

export const languagePackQuery = z.object({
  /** Which client asks: the H5 app is `h5`; packs may differ per client. */
  client: z.string().trim().min(1).max(20).default('h5'),
  /** The version the client holds; when it is current only the version is sent back. */
  version: z.string().trim().max(64).optional(),
  /**
   * Half of the pack (an extension of the spec's call): `first`, the keys of the first screens, or
   * `rest`, all the others. Without it, the whole pack. The version is always the whole pack's.
   */
  part: z.enum(['first', 'rest']).optional(),
});

export const languagePackData = z.object({
  lang: languageSchema,
  version: z.string(),
  /** Absent when the client's copy is current. */
  pack: z.record(z.string(), z.string()).optional(),
});
export type LanguagePackData = z.infer<typeof languagePackData>;

/** The language pack of the request's language (think-lang / Accept-Language). */
export const getLanguagePack = endpoint({
  method: 'GET',
  path: '/user/getLangBag',
  auth: 'optional',
  area: 'account',
  query: languagePackQuery,
  data: languagePackData,
});
