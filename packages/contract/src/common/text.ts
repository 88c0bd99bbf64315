import { z } from 'zod';
import { FILE_URL } from './validators.js';

/**
 * Text a person writes (a description, a review, a remark): trimmed, empty when nothing in it can be
 * seen (`emptyWhenInvisible`, so `.min(1)` refuses a blank bubble), and at most `max` characters
 * counted as code points, as the app's counters, PostgreSQL's `char_length` and JSON Schema's
 * `maxLength` count them (an emoji once; zod's own `max` counts UTF-16 units, an emoji twice, and
 * refused a text the app's counter showed within its limit). Too long is zod's `too_big`, so its
 * message is the usual localized "at most N characters".
 */
export function freeText(max: number) {
  return z
    .string()
    .trim()
    .overwrite(emptyWhenInvisible)
    .check((ctx) => {
      let count = 0;
      for (const _ of ctx.value) if (++count > max) break;
      if (count > max) ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value });
      else refuseBidiControls(ctx);
    })
    .meta({ maxLength: max });
}

/**
 * The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they turn
 * the text after them around ("gpj.exe" shown as "exe.jpg"), so a comment or a name could pass for
 * another's words or hide a link; nobody types them. The marks a right-to-left writer uses (U+200E,
 * U+200F, U+061C) stay allowed.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** Refuses text holding a bidirectional control (`validation.unstorable`, as other control characters are). */
function refuseBidiControls(ctx: { value: string; issues: unknown[] }): void {
  if (BIDI_CONTROLS.test(ctx.value)) ctx.issues.push({ code: 'custom', message: 'validation.unstorable', input: ctx.value });
}

/** `schema` refusing text that holds a bidirectional control (`freeText`'s reason), for texts not trimmed as `freeText` trims (an operator's rich text). */
export const withoutBidiControls = (schema: z.ZodString) => schema.check((ctx) => refuseBidiControls(ctx));

/**
 * Characters that show nothing by themselves: white space and the default-ignorable ones (zero-width
 * space and joiners, word joiner, byte order mark, combining grapheme joiner, variation selectors,
 * soft hyphen, Hangul fillers …), and the blank Braille cell. Inside real text they join or shape
 * letters and emoji and are kept; a text of nothing else is a blank bubble.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** `text`, or empty when nothing in it can be seen: a required field then refuses it as empty ("required"). */
export const emptyWhenInvisible = (text: string): string => (INVISIBLE_ONLY.test(text) ? '' : text);

/** A short name a person gives (a nickname): trimmed, 1 to `max` characters, something visible, no bidirectional controls (`freeText`'s reason). */
export const personName = (max: number) =>
  z
    .string()
    .trim()
    .overwrite(emptyWhenInvisible)
    .min(1)
    .max(max)
    .check((ctx) => refuseBidiControls(ctx));

/** A file the shop serves (a picture, an attachment): a path on this site or an https address, at most 500 characters. */
export const fileUrl = z.string().trim().max(500).regex(FILE_URL, 'validation.invalid');

const graphemes = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : undefined;

const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/**
 * `text` cut to at most `max` characters, counted as code points as `freeText` and PostgreSQL's
 * `char_length` count them, never inside a character a person sees as one (an emoji, a flag, a
 * letter with its accents): a cut by UTF-16 unit left half an emoji, stored as "�". With `units:
 * 'utf16'`, at most `max` UTF-16 units (as a JavaScript or Java service counts a string's length, an
 * emoji twice), for limits of others that count so.
 */
export function cutText(text: string, max: number, units: 'code points' | 'utf16' = 'code points'): string {
  const size = units === 'utf16' ? (t: string) => t.length : codePoints;
  if (text.length <= max || size(text) <= max) return text;
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes?.segment(text) ?? Array.from(text, (segment) => ({ segment }))) {
    const n = size(segment);
    if (used + n > max) break;
    kept += segment;
    used += n;
  }
  return kept;
}

/** `text` as an excerpt of at most `max` characters (`cutText`), "…" added when something was cut. */
export function excerptOf(text: string, max: number): string {
  const cut = cutText(text, max);
  return cut === text ? cut : `${cut}…`;
}
