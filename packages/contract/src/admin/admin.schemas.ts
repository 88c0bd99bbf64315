import { z } from 'zod';
import { OPERATOR_ROLES } from './permissions.js';

const currencyCode = z.string().regex(/^[A-Z]{3}$/);

export const operatorSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  permissions: z.array(z.string()),
  totp_bound: z.boolean(),
});

export const setupPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(12).max(128),
});

/** The authenticator's current code, confirming a scan before the secret is bound. */
export const confirmTotpBody = z.object({ totp_code: z.string().regex(/^\d{6}$/) });

export const operatorSignInBody = z.object({
  user_name: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
  /** The authenticator's 6-digit code: required from the second sign-in on. */
  totp_code: z.string().regex(/^\d{6}$/).optional(),
});

/** The secret to add to an authenticator app (shown once, at the first sign-in). */
export const totpSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });

export const operatorSessionData = z.object({
  token: z.string(),
  expires_at: z.string(),
  operator: operatorSchema,
  /** Present at the first sign-in: the secret to scan, bound once a current code of it is confirmed. */
  totp_setup: totpSetupSchema.nullable(),
});

export const rateQuoteQuery = z.object({ from: currencyCode, to: currencyCode, date: z.iso.date().optional() });
export const rateQuoteData = z.object({ from: currencyCode, to: currencyCode, rate: z.string(), source: z.enum(['ecb', 'operator', 'identity']), date: z.string() });

export const setRateBody = z.object({
  base: currencyCode,
  quote: currencyCode,
  /** Units of `quote` per unit of `base`, as decimal text (`4100.5`). */
  rate: z.string().regex(/^\d{1,12}(\.\d{1,12})?$/),
  date: z.iso.date().optional(),
  /** Why: a rate moves members' money, so a second operator reads it before it applies. */
  reason: z.string().trim().min(1, 'validation.required').max(500),
});

/** One problem the ledger check found, as facts (amounts in minor units of the account's currency; points in points). */
export const ledgerProblemSchema = z.discriminatedUnion('kind', [
  /** An entry whose postings do not sum to zero in `currency`, or (currency null) with fewer than two postings. */
  z.object({ kind: z.literal('unbalanced-entry'), entry_id: z.number().int(), currency: z.string().nullable(), total: z.number().int(), postings: z.number().int() }),
  /** An account whose cached balance differs from the sum of its postings. */
  z.object({ kind: z.literal('balance-mismatch'), account_id: z.number().int(), member_id: z.number().int().nullable(), asset: z.string(), currency: z.string(), cached: z.number().int(), posted: z.number().int() }),
  /** A member's account below zero, by its cached balance or by its postings. */
  z.object({ kind: z.literal('negative-member-balance'), account_id: z.number().int(), member_id: z.number().int(), asset: z.string(), currency: z.string(), balance: z.number().int(), posted: z.number().int() }),
  /** A hold settled by more than one entry, or whose state disagrees with its settlement. */
  z.object({ kind: z.literal('hold-resolved-twice'), hold_id: z.number().int(), status: z.string(), resolutions: z.number().int() }),
]);
export type LedgerProblem = z.infer<typeof ledgerProblemSchema>;
/** The ledger check: ok, or each problem found (`findings` in English for the operator command, `problems` as facts). */
export const ledgerCheckData = z.object({ ok: z.boolean(), findings: z.array(z.string()), problems: z.array(ledgerProblemSchema) });
