import type { Language } from '@shop/contract';
import type { SpecDef } from './catalogue.table.js';
import { pick } from './texts.js';

/** The chosen spec values of an SKU as one line of text (`Red / XL`) in `lang`. */
export function skuSpecText(specs: SpecDef[], valueIds: number[], lang: Language): string {
  return valueIds
    .map((vid, i) => specs[i]?.values.find((v) => v.id === vid) ?? specs.flatMap((s) => s.values).find((v) => v.id === vid))
    .map((v) => (v ? pick(v.name, lang) : ''))
    .filter(Boolean)
    .join(' / ');
}
