import sanitizeHtml from 'sanitize-html';
import { DEFAULT_LANGUAGE, isFileUrl, type Language } from '@shop/contract';
import type { Texts } from './catalogue.table.js';

/** The text in `lang`, else in the shop's default language, else in any language it has. */
export function pick(texts: Texts | null | undefined, lang: Language): string {
  if (!texts) return '';
  return texts[lang] || texts[DEFAULT_LANGUAGE] || Object.values(texts).find((t) => t) || '';
}

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'span', 'img', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], span: ['style'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['https', 'http'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // A picture only from this site or an https address, as news and banner pictures are: any other
  // (`x`, http, data:, no src) shows members a broken image, so it is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isFileUrl(frame.attribs.src ?? ''),
  allowedStyles: { span: { color: [/^#[0-9a-f]{3,6}$/i], 'font-weight': [/^(bold|\d{3})$/] } },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

/** Rich text (goods descriptions, news, notices, agreements) reduced to markup that is safe to render. */
export function sanitizeRich(html: string): string {
  return sanitizeHtml(html, { ...RICH_TEXT, allowedAttributes: { ...RICH_TEXT.allowedAttributes, a: ['href', 'title', 'rel', 'target'] } });
}

/** Texts as stored: trimmed (or cleaned by `clean`), the empty languages left out, so the member app falls back to English. */
export function storedTexts(texts: Texts, clean: (s: string) => string = (s) => s.trim()): Texts {
  const out: Texts = {};
  for (const [lang, text] of Object.entries(texts)) {
    const v = clean(text ?? '');
    if (v.trim()) out[lang] = v;
  }
  return out;
}

/** A name shown in public with only its first and last characters: `A***e`. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('') || '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

