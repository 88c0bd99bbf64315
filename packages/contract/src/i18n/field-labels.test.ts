import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../index.js';
import { LANGUAGES } from '../common/languages.js';
import { inFirstPart } from '../lang/language-pack.route.js';
import { loadBundledPacks } from './packs.js';

/**
 * A 422 names the refused field by the label of its last named segment (`lines.0.num` → `num`):
 * `field.<name>` (the account's fields, in the pack's first part) or `label.<name>` (namespace
 * `field-labels`, every other field, out of the first part). So every key any call takes in its body
 * or query, at any depth, needs one of them in every language: a field added without a label fails here.
 */

type Endpointish = { method: string; path: string; body?: z.ZodType; query?: z.ZodType };
const isEndpoint = (v: unknown): v is Endpointish => typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v;

/** Every endpoint the contract exports, alone or in a list (member calls and the console's alike). */
function contractEndpoints(): Endpointish[] {
  const found = new Set<Endpointish>();
  for (const value of Object.values(contract)) {
    if (isEndpoint(value)) found.add(value);
    else if (Array.isArray(value)) for (const item of value) if (isEndpoint(item)) found.add(item);
  }
  return [...found];
}

/** Schemas that hold no named keys. */
const LEAVES = new Set(['string', 'number', 'int', 'boolean', 'bigint', 'enum', 'literal', 'date', 'any', 'unknown', 'null', 'undefined', 'nan', 'file', 'custom', 'template_literal', 'symbol', 'void', 'never', 'transform']);

/** Adds every object key of `schema`, at any depth, to `names` (name → where it is taken). */
function collectKeys(schema: z.ZodType, where: string, names: Map<string, string>, seen = new Set<unknown>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  // zod 4's definition: the only way to walk a schema's parts.
  const def = (schema as unknown as { _zod: { def: Record<string, any> & { type: string } } })._zod.def;
  const walk = (s: unknown) => collectKeys(s as z.ZodType, where, names, seen);
  switch (def.type) {
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (!names.has(key)) names.set(key, where);
        walk(value);
      }
      if (def.catchall) walk(def.catchall);
      return;
    case 'array':
      return walk(def.element);
    case 'union':
      return (def.options as unknown[]).forEach(walk);
    case 'intersection':
      walk(def.left);
      return walk(def.right);
    case 'pipe':
      walk(def.in);
      return walk(def.out);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return walk(def.innerType);
    case 'lazy':
      return walk(def.getter());
    case 'record':
    case 'map':
      // A record's keys are data (languages, ids), not fields: its values may hold fields.
      return walk(def.valueType);
    case 'set':
      return walk(def.valueType);
    case 'tuple':
      (def.items as unknown[]).forEach(walk);
      if (def.rest) walk(def.rest);
      return;
    default:
      // A kind of schema this walk does not know may hide keys: teach it rather than skip them.
      if (!LEAVES.has(def.type)) throw new Error(`${where}: schema of type ${def.type} is not walked`);
  }
}

/** Every field name a call of the contract takes in its body or query, with one call that takes it. */
function inputFieldNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of contractEndpoints()) {
    if (e.body) collectKeys(e.body, `${e.method} ${e.path} (body)`, names);
    if (e.query) collectKeys(e.query, `${e.method} ${e.path} (query)`, names);
  }
  return names;
}

describe('labels of the fields a call takes', () => {
  const names = inputFieldNames();
  const packs = loadBundledPacks();

  it('finds the fields of every call, member and console alike, at any depth', () => {
    expect(contractEndpoints().length).toBeGreaterThan(400);
    expect(names.size).toBeGreaterThan(250);
    // A field inside an array of objects, one of a console call, one of a query.
    for (const name of ['num', 'price', 'tracking_number', 'reason', 'totp_code', 'keyword']) expect(names.has(name), name).toBe(true);
  });

  it.each([...LANGUAGES])('every field has a label in %s', (lang) => {
    const pack = packs[lang];
    const missing = [...names].filter(([name]) => !pack[`field.${name}`]?.trim() && !pack[`label.${name}`]?.trim()).map(([name, where]) => `${name} (${where})`);
    expect(missing, `add label.<name> to packs/field-labels/*.json in all nine languages`).toEqual([]);
  });

  it('labels a field once, and only fields the contract has', () => {
    const en = packs['en-us'];
    expect([...names.keys()].filter((name) => `field.${name}` in en && `label.${name}` in en)).toEqual([]);
    const stale = Object.keys(en).filter((k) => k.startsWith('label.') && !names.has(k.slice('label.'.length)));
    expect(stale).toEqual([]);
  });

  it('names an item of a list (`images.0`) as one item, of a list the contract has', () => {
    const en = packs['en-us'];
    expect(en['listItem']).toContain('{{n}}');
    expect(en['listItem']).toContain('{{field}}');
    const items = Object.keys(en).filter((k) => k.startsWith('listItem.'));
    expect(items).toContain('listItem.images');
    expect(items.filter((k) => !names.has(k.slice('listItem.'.length)))).toEqual([]);
    for (const lang of LANGUAGES) for (const key of items) expect(packs[lang][key], `${lang} ${key}`).toContain('{{n}}');
    expect(['listItem', ...items].filter(inFirstPart)).toEqual([]);
  });

  it("keeps the labels out of the pack's first part: only the API's refusals use them", () => {
    const labels = Object.keys(packs['en-us']).filter((k) => k.startsWith('label.'));
    expect(labels.length).toBeGreaterThan(250);
    expect(labels.filter(inFirstPart)).toEqual([]);
  });
});
