import { adminHouseCodeBody, isCalendarDay } from '@shop/contract';
import type { Database } from '../db/database.js';
import type { Actor } from '../lib/actor.js';
import { pairDueDays, recheckAllStars, runPairingDay } from '../modules/referral/earnings.service.js';
import { houseCode, moveSubtreeByOperator, previewDay, previewMove, previewPlacement, setHouseCode } from '../modules/referral/referral.console.js';
import { placeAutomatically } from '../modules/referral/referral.service.js';
import { idOf, splitArgs } from './args.js';

export const REFERRAL_USAGE = `  referral place <member id> [--under <id>] [--apply]          place an unplaced member (outermost free slot of the sponsor's weaker leg)
  referral move <member id> <parent id> L|R --reason "…" [--apply]   move a member's whole subtree into an empty slot outside it
  referral pair [<YYYY-MM-DD>] [--apply]                       pair one day (or every day due); a re-run changes nothing
  referral stars [--apply]                                     re-check every member's star
  referral house-code [<new code> --reason "…" [--apply]]      the shop's own invitation code (members with no sponsor join with it)
  (each shows what it would do; --apply does it)`;

/** `npm run ops -- referral …`: the console's placement, move, pairing and star checks, dry run first. */
export async function runReferralCommand(db: Database, actor: Actor, argv: string[]): Promise<string> {
  const { words, flags } = splitArgs(argv, new Set(['apply']));
  const [, sub, a, b, c] = words;
  const apply = flags.has('apply');
  const deps = { db };
  switch (sub) {
    case 'place': {
      const member = idOf(a, 'member');
      const under = flags.has('under') ? idOf(flags.get('under'), 'sponsor') : undefined;
      if (!apply) {
        const p = await previewPlacement(deps, member, under);
        return `would place member ${member} under #${p.parentId} on side ${p.side} (in the team of #${p.sponsor}); add --apply`;
      }
      const r = await placeAutomatically(deps, actor, member, 'operator', under);
      return `member ${r.user_id} placed under #${r.parent_id} on side ${r.side}`;
    }
    case 'move': {
      const member = idOf(a, 'member');
      const parent = idOf(b, 'parent');
      if (c !== 'L' && c !== 'R') throw new Error('referral move <member id> <parent id> L|R --reason "…"');
      const reason = flags.get('reason');
      if (!reason) throw new Error('give a --reason');
      if (!apply) {
        const p = await previewMove(deps, member, parent);
        return `would move ${p.members} member(s) from under #${p.from.parent_id} (${p.from.side}) to under #${parent} (${c}); add --apply`;
      }
      const r = await moveSubtreeByOperator(deps, actor, { member_id: member, parent_id: parent, side: c, reason, confirm: true });
      return `moved ${r.moved} member(s) under #${r.parent_id} (${r.side})`;
    }
    case 'pair': {
      if (a && !isCalendarDay(a)) throw new Error('referral pair [YYYY-MM-DD] [--apply]');
      if (!apply) {
        if (!a) return 'would pair every day with PV that is over and not paired yet; add --apply';
        const p = await previewDay(deps, a);
        return p.ran ? `${a} is paired already: a re-run changes nothing` : `${a}: ${p.members} member(s) with PV, L ${p.left} / R ${p.right} in all; add --apply`;
      }
      if (!a) {
        const days = await pairDueDays(deps, actor);
        return days.length ? `paired ${days.join(', ')}` : 'no day to pair';
      }
      const r = await runPairingDay(deps, actor, a);
      return r.rerun ? `${a} was paired already: nothing changed` : `${a}: ${r.members} member(s), paid ${Number(r.paid_minor) - Number(r.debt_netted_minor)} ${r.currency} (minor units), repaid debts ${r.debt_netted_minor}, flushed ${r.flushed_minor}`;
    }
    case 'house-code': {
      const current = (await houseCode(deps, actor)).house_code;
      if (!a) return `the house code is ${current}`;
      // The console's rules for a code (letters and digits, kept in capitals), told in words.
      const parsed = adminHouseCodeBody.safeParse({ house_code: a, reason: flags.get('reason') ?? '' });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.path[0] === 'reason' ? 'give a --reason' : 'a house code is 4 to 16 letters and digits');
      if (!apply) return `would change the house code from ${current} to ${parsed.data.house_code}; add --apply`;
      const r = await setHouseCode(deps, actor, parsed.data);
      return `the house code is now ${r.house_code}`;
    }
    case 'stars':
      if (!apply) return 'would re-check every member\'s star against the ladder; add --apply';
      return `re-checked ${await recheckAllStars(deps)} member(s)`;
    default:
      throw new Error(REFERRAL_USAGE);
  }
}
