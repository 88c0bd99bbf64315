import type { AppDeps } from '../../app-deps.js';
import type { Actor } from '../../lib/actor.js';

// The figures a case's points events record (`pointsBack` writes them in these words), told in the
// reader's language: the member's case page and the console read the same figures.

const REVERSED_NOTE = /^reversed (\d+) of (\d+) earned points(?:, shortfall (\d+))?$/;
const RETURNED_NOTE = /^returned (\d+) points and (\d+) shopping points spent on the order$/;
const WITHHELD_NOTE = /^withheld (\d+) earned points not credited yet$/;

/** A points event's recorded figures in `lang`, or undefined for a note not written in those words. */
export function pointsFiguresOf(i18n: AppDeps['i18n'], lang: Actor['lang'], note: string): string | undefined {
  const reversed = REVERSED_NOTE.exec(note);
  if (reversed) {
    const [, taken, due, shortfall] = reversed;
    return shortfall ? i18n.t(lang, 'afterSales.note.pointsReversedShort', { reversed: taken!, due: due!, shortfall }) : i18n.t(lang, 'afterSales.note.pointsReversed', { reversed: taken!, due: due! });
  }
  const withheld = WITHHELD_NOTE.exec(note);
  if (withheld) return i18n.t(lang, 'afterSales.note.pointsWithheld', { points: withheld[1]! });
  const returned = RETURNED_NOTE.exec(note);
  if (returned) return i18n.t(lang, 'afterSales.note.pointsReturned', { points: returned[1]!, shopping: returned[2]! });
  return undefined;
}

/** A points event's recorded figures in the operator's language; any other note as it was written. */
export const pointsNoteOf = (i18n: AppDeps['i18n'], lang: Actor['lang'], note: string): string => pointsFiguresOf(i18n, lang, note) ?? note;
