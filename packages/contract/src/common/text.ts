import { z } from 'zod';
import { FILE_URL } from './validators.js';

/**
 * Text a person writes (a description, a review, a remark): trimmed, and at most `max` characters
 * counted as code points, as the app's counters, PostgreSQL's `char_length` and JSON Schema's
 * `maxLength` count them (an emoji once; zod's own `max` counts UTF-16 units, an emoji twice, and
 * refused a text the app's counter showed within its limit). Too long is zod's `too_big`, so its
 * message is the usual localized "at most N characters".
 */
export function freeText(max: number) {
  return z
    .string()
    .trim()
    .check((ctx) => {
      let count = 0;
      for (const _ of ctx.value) if (++count > max) break;
      if (count > max) ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value });
    })
    .meta({ maxLength: max });
}

/** A file the shop serves (a picture, an attachment): a path on this site or an https address, at most 500 characters. */
export const fileUrl = z.string().trim().max(500).regex(FILE_URL, 'validation.invalid');

const graphemes = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

/**
 * `text` cut to at most `max` characters, counted as code points as `freeText` and PostgreSQL's
 * `char_length` count them, never inside a character a person sees as one (an emoji, a flag, a
 * letter with its accents): a cut by UTF-16 unit left half an emoji, stored as "�".
 */
export function cutText(text: string, max: number): string {
  let count = 0;
  for (const _ of text) if (++count > max) break;
  if (count <= max) return text;
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes?.segment(text) ?? Array.from(text, (segment) => ({ segment }))) {
    let size = 0;
    for (const _ of segment) size++;
    if (used + size > max) break;
    kept += segment;
    used += size;
  }
  return kept;
}

/** `text` as an excerpt of at most `max` characters (`cutText`), "…" added when something was cut. */
export function excerptOf(text: string, max: number): string {
  const cut = cutText(text, max);
  return cut === text ? cut : `${cut}…`;
}
