import { describe, expect, it } from 'vitest';
import { AFTER_SALE_STATUSES } from '../after-sales/after-sales.schemas.js';
import { LANGUAGES } from '../common/languages.js';
import { loadBundledPacks, loadConsolePacks } from './packs.js';

const app = loadBundledPacks();
const consolePacks = loadConsolePacks();

/** The labels sharing one text, as "text: key, key" (case and outer spaces ignored): a reader could not tell those apart. */
function sameTexts(labels: Record<string, string | undefined>): string[] {
  const byText = new Map<string, string[]>();
  for (const [key, text] of Object.entries(labels)) {
    if (text === undefined) continue;
    const norm = text.trim().toLocaleLowerCase();
    byText.set(norm, [...(byText.get(norm) ?? []), key]);
  }
  return [...byText].filter(([, keys]) => keys.length > 1).map(([text, keys]) => `${text}: ${keys.join(', ')}`);
}

const labelsOf = (pack: Record<string, string>, prefix: string, names: readonly string[]) => Object.fromEntries(names.map((n) => [n, pack[`${prefix}${n}`]]));
const eventNamesOf = (pack: Record<string, string>, prefix: string) => Object.keys(pack).filter((k) => k.startsWith(prefix) && !k.slice(prefix.length).includes('.')).map((k) => k.slice(prefix.length));

describe('after-sales state and history labels', () => {
  // A member must tell "all done" (completed) from "the shop ended my case" (closed), in every language.
  it.each([...LANGUAGES])('in %s every state of a case reads differently, in the app and in the console', (lang) => {
    const states = labelsOf(app[lang], 'afterSales.status.', AFTER_SALE_STATUSES);
    expect(Object.values(states).every(Boolean), `${lang}: a state without a label`).toBe(true);
    expect(sameTexts(states), `${lang} afterSales.status.*`).toEqual([]);
    const consoleStates = labelsOf(consolePacks[lang], 'console.status.', AFTER_SALE_STATUSES);
    expect(Object.values(consoleStates).every(Boolean), `${lang}: a console state without a label`).toBe(true);
    expect(sameTexts(consoleStates), `${lang} console.status.* of after-sales`).toEqual([]);
  });

  it.each([...LANGUAGES])('in %s every event of a case history reads differently, in the app and in the console', (lang) => {
    const events = eventNamesOf(app[lang], 'afterSales.event.');
    expect(events).toEqual(expect.arrayContaining(['completed', 'closed']));
    expect(sameTexts(labelsOf(app[lang], 'afterSales.event.', events)), `${lang} afterSales.event.*`).toEqual([]);
    const consoleEvents = eventNamesOf(consolePacks[lang], 'console.afterSales.event.');
    expect(consoleEvents).toEqual(expect.arrayContaining(['completed', 'closed']));
    expect(sameTexts(labelsOf(consolePacks[lang], 'console.afterSales.event.', consoleEvents)), `${lang} console.afterSales.event.*`).toEqual([]);
  });
});
