import { z } from 'zod';
import { isBirthday, isEmail, isLettersOrDigits, isNumericCode } from '../common/validators.js';
import { personName } from '../common/text.js';

// ── Building blocks ────────────────────────────────────────────────────────────────────────────

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/** At least 6 letters or digits (spec §5), not all digits: a user name is never someone's phone number. */
export const userNameField = z
  .string()
  .trim()
  .min(1)
  .max(32, { error: 'account.validation.userName' })
  .refine((v) => v.length >= 6 && isLettersOrDigits(v), { error: 'account.validation.userName' })
  .refine((v) => !/^\d+$/.test(v), { error: 'account.validation.userNameDigits' });

/** Minimum and maximum length of a login password (ASVS 5 V6.2: 8 at least, 64 or more allowed, never truncated). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A new login password: 8 to 128 characters; the server also refuses common and breached ones. */
export const passwordField = z
  .string()
  .min(1)
  .min(PASSWORD_MIN_LENGTH, { error: 'account.validation.password' })
  .max(PASSWORD_MAX_LENGTH, { error: 'account.validation.password' });
/**
 * A pay password anyone would guess first: six times one digit (`000000`) or six digits counting up or
 * down by one (`123456`, `654321`, `012345`, `987654`).
 */
export function isTrivialPayPassword(v: string): boolean {
  if (!/^\d{6}$/.test(v)) return false;
  const steps = new Set([...v].slice(1).map((d, i) => Number(d) - Number(v[i])));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}
/** A new pay password: 6 digits, not one of the trivial ones (`isTrivialPayPassword`). */
export const payPasswordField = z
  .string()
  .min(1)
  .refine((v) => isNumericCode(v, 6), { error: 'account.validation.payPassword' })
  .refine((v) => !isTrivialPayPassword(v), { error: 'account.validation.payPasswordTrivial' });
export const emailField = z.string().trim().min(1).max(254).refine(isEmail, { error: 'validation.email' });
/** A country calling code, digits only (`86`, `60`); a leading `+` is dropped. */
export const mobilePreField = z
  .string()
  .trim()
  .min(1)
  .transform((v) => v.replace(/^\+/, ''))
  .refine((v) => /^\d{1,4}$/.test(v), { error: 'validation.mobile' });
/** A national number without its leading 0 (checked against the country code on the server). */
export const mobileField = z
  .string()
  .trim()
  .min(1)
  .refine((v) => !v.startsWith('0'), { error: 'account.validation.mobileLeadingZero' })
  .refine((v) => /^\d{4,15}$/.test(v), { error: 'validation.mobile' });
export const codeField = z.string().trim().min(1).refine((v) => isNumericCode(v, 6), { error: 'account.validation.code' });
export const googleCodeField = z.string().trim().refine((v) => isNumericCode(v, 6), { error: 'account.validation.googleCode' });
export const captchaTokenField = z.string().trim().max(200).optional();

// ── The member ─────────────────────────────────────────────────────────────────────────────────

export const realNameStatusSchema = z.enum(['none', 'pending', 'approved', 'rejected']);
export type RealNameStatus = z.infer<typeof realNameStatusSchema>;

/** The member as the app keeps it in its session (spec §3). */
export const userSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  nickname: z.string(),
  true_name: z.string().nullable(),
  email: z.string().nullable(),
  /** The member's phone, proved by a code sent to it: the only phone that names them (login, reset, transfers). */
  mobile_pre: z.string().nullable(),
  mobile: z.string().nullable(),
  /** A phone typed at registration, not yet confirmed by its code: shown to the member only, it names nobody. */
  unverified_mobile_pre: z.string().nullable().default(null),
  unverified_mobile: z.string().nullable().default(null),
  avatar: z.string().nullable(),
  invite_code: z.string().nullable(),
  country: z.string().nullable(),
  /** Recent order ids, newest first. */
  last_order_ids: z.array(z.number().int()),
  has_pay_password: z.boolean(),
  google_bound: z.boolean(),
  real_name_status: realNameStatusSchema,
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const sessionData = z.object({
  token: z.string(),
  /** ISO time the session ends unless refreshed. */
  expires_at: z.string(),
  user: userSchema,
});
export type SessionData = z.infer<typeof sessionData>;

// ── Registration and login ─────────────────────────────────────────────────────────────────────

export const registerBody = z.object({
  user_name: userNameField,
  nickname: personName(40),
  password: passwordField,
  email: emailField,
  mobile_pre: mobilePreField.optional(),
  mobile: mobileField.optional(),
  invite_code: trimmed(32),
  /** The code sent to `email` for `register`. */
  code: codeField,
  captcha_token: captchaTokenField,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** International registration: the country and a phone number of that country are required. */
export const registerInternationalBody = registerBody.extend({
  country: z.string().trim().regex(/^[A-Za-z]{2}$/).transform((v) => v.toUpperCase()),
  mobile_pre: mobilePreField,
  mobile: mobileField,
});
export type RegisterInternationalBody = z.infer<typeof registerInternationalBody>;

export const loginBody = z.object({
  /** User name, e-mail or mobile number. */
  account: trimmed(254),
  password: z.string().min(1).max(128),
  mobile_pre: mobilePreField.optional(),
  captcha_token: captchaTokenField,
});

export const tokenRefreshBody = z.object({ token: z.string().min(1).max(200) });

export const inviterQueryBody = z.object({ invite_code: trimmed(32) });
export const inviterData = z.object({ nickname: z.string(), user_name: z.string() });

export const forgetBody = z.object({
  account: trimmed(254),
  code: codeField,
  /** Needed when the account has an authenticator bound (answered 3030 without it). */
  google_code: googleCodeField.optional(),
  password: passwordField,
  password_confirm: z.string().min(1),
});

export const checkAccountBody = z
  .object({ user_name: z.string().trim().max(32).optional(), email: z.string().trim().max(254).optional(), mobile_pre: mobilePreField.optional(), mobile: z.string().trim().max(20).optional() })
  .refine((v) => v.user_name || v.email || v.mobile, { error: 'account.validation.accountToCheck' });
export const checkAccountData = z.object({ available: z.boolean() });

// ── Profile ────────────────────────────────────────────────────────────────────────────────────

export const saveProfileBody = z.object({
  nickname: personName(40).optional(),
  /** An address given by an upload. */
  avatar: z.string().trim().max(500).optional(),
});

export const shareData = z.object({
  invite_code: z.string(),
  share_url: z.string(),
  /** A PNG data URL of the share link's QR code. */
  qr_code: z.string(),
});

export const okData = z.object({ ok: z.literal(true) });

// ── Verification codes ─────────────────────────────────────────────────────────────────────────

export const codePurposeSchema = z.enum(['register', 'forget', 'bind', 'pay_password', 'password', 'cancel', 'login']);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

/** A code to an e-mail or a phone given in the request. */
export const sendCodeBody = z
  .object({
    type: codePurposeSchema,
    email: emailField.optional(),
    mobile_pre: mobilePreField.optional(),
    mobile: mobileField.optional(),
    captcha_token: captchaTokenField,
  })
  .refine((v) => v.email || (v.mobile && v.mobile_pre), { error: 'account.validation.destination' });

/**
 * The same, with one `account` field that is an e-mail or a phone number. With an `@` it is one e-mail
 * address, checked as every e-mail field is (`emailField`): never a list (`a@b.c,d@e.f`) nor a display
 * name (`"X" <a@b.c>`), which a mailer would send to each address it finds.
 */
export const sendCodeToAccountBody = z.object({
  type: codePurposeSchema,
  account: trimmed(254).refine((v) => !v.includes('@') || isEmail(v), { error: 'validation.email' }),
  mobile_pre: mobilePreField.optional(),
  captcha_token: captchaTokenField,
});

/** A code to the e-mail (or phone) of the member with this user name (forgotten password). */
export const sendCodeByUserNameBody = z.object({
  type: codePurposeSchema.default('forget'),
  user_name: trimmed(254),
  captcha_token: captchaTokenField,
});

/** A code to the logged-in member's own e-mail or phone (security settings, cancellation). */
export const sendCodeToMemberBody = z.object({
  type: codePurposeSchema,
  channel: z.enum(['email', 'sms']).default('email'),
});

export const codeSentData = z.object({
  /** The destination, masked. */
  to: z.string(),
  /** Seconds until another code may be requested. */
  resend_in: z.number().int(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
});

export const checkCodeBody = z
  .object({
    type: codePurposeSchema,
    code: codeField,
    email: emailField.optional(),
    mobile_pre: mobilePreField.optional(),
    mobile: mobileField.optional(),
  })
  .refine((v) => v.email || (v.mobile && v.mobile_pre), { error: 'account.validation.destination' });

// ── Security settings ──────────────────────────────────────────────────────────────────────────

/**
 * The step-up proof of sensitive changes (contact, authenticator, pay password, bank cards): the
 * current login password, or once an authenticator is bound, its code instead.
 */
export const stepUpFields = {
  current_password: z.string().min(1).max(128).optional(),
  google_code: googleCodeField.optional(),
};

export const resetPasswordBody = z.object({
  old_password: z.string().min(1).max(128),
  password: passwordField,
  password_confirm: z.string().min(1),
  google_code: googleCodeField.optional(),
});

export const resetPayPasswordBody = z.object({
  password: payPasswordField,
  password_confirm: z.string().min(1),
  /** The code sent to the member's e-mail for `pay_password`. */
  code: codeField,
  ...stepUpFields,
});

export const resetMobileBody = z.object({
  mobile_pre: mobilePreField,
  mobile: mobileField,
  /** The code sent to the new number for `bind`. */
  code: codeField,
  ...stepUpFields,
});

export const resetEmailBody = z.object({
  email: emailField,
  /** The code sent to the new address for `bind`. */
  code: codeField,
  ...stepUpFields,
});

export const setMobileEmailBody = z
  .object({
    email: emailField.optional(),
    mobile_pre: mobilePreField.optional(),
    mobile: mobileField.optional(),
    code: codeField,
    ...stepUpFields,
  })
  .refine((v) => v.email || (v.mobile && v.mobile_pre), { error: 'account.validation.destination' });

export const createGoogleCodeData = z.object({
  secret: z.string(),
  /** `otpauth://` address for authenticator apps. */
  uri: z.string(),
  /** PNG data URL of the QR code of `uri`. */
  qr_code: z.string(),
});
export const googleCodeBody = z.object({ code: googleCodeField });
/** Binding an authenticator: a code of the new secret, and the login password (step-up). */
export const bindGoogleCodeBody = z.object({ code: googleCodeField, current_password: stepUpFields.current_password });
export const googleStatusData = z.object({ bound: z.boolean() });

// ── Captcha ────────────────────────────────────────────────────────────────────────────────────

export const openCaptchaQuery = z.object({ account: z.string().trim().max(254).optional() });
/** 1: the slider must be passed before logging in, registering or sending a code. */
export const openCaptchaData = z.union([z.literal(0), z.literal(1)]);

export const captchaConfigData = z.object({
  mode: z.enum(['off', 'auto', 'always']),
  /** Whether the app may let members through when the slider cannot load. */
  bypass_allowed: z.boolean(),
  /** How long the client waits for a challenge, in ms. */
  timeout_ms: z.number().int(),
  challenge_path: z.string(),
  verify_path: z.string(),
});

/** Outside the contract's 240 calls: the slider's own challenge and answer. */
export const captchaChallengeData = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  piece_size: z.number().int(),
  /** Top of the piece in the background. */
  piece_y: z.number().int(),
  background: z.string(),
  piece: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeData>;
export const captchaVerifyBody = z.object({
  id: z.string().uuid(),
  /** Where the piece's left edge was dropped, in background pixels. */
  x: z.number().min(0).max(1000),
  /** How long the drag took, in ms. */
  duration_ms: z.number().min(0).max(600_000).int(),
  /**
   * Sampled drag positions (x per sample); a human's are uneven. A drop without them fails like any
   * failed drop (the server does not tell a script which check it missed), so it is optional here.
   */
  trail: z.array(z.number()).max(500).optional(),
});
export const captchaVerifyData = z.object({ captcha_token: z.string() });

// ── Real name ──────────────────────────────────────────────────────────────────────────────────

export const documentTypeSchema = z.enum(['id_card', 'passport', 'driving_license', 'residence_permit']);

/** Greek and Cyrillic capitals drawn like Latin ones: a document number typed with them is the same number. */
const LOOKALIKES: Record<string, string> = Object.fromEntries(
  [...'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧАВЕЅІЈКМНОРСТХУ'].map((c, i) => [c, 'ABEZHIKMNOPTYXABESIJKMHOPCTXY'[i]!]),
);
/** The digit (0–9) a decimal digit of any script stands for: Unicode keeps each script's digits in one run, 0 to 9. */
function asciiDigit(c: string): string {
  let cp = c.codePointAt(0)!;
  const at = cp;
  while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1))) cp--;
  return String((at - cp) % 10);
}
/**
 * A document number in the one form it is compared in (and kept unique by): Unicode-normalised (NFKC:
 * full-width `１２３` is `123`), any script's digits as 0–9, upper case, Greek and Cyrillic look-alikes
 * as the Latin letters they look like, and letters and digits only (no spaces, dots, dashes or slashes).
 */
export function documentNumberKey(number: string): string {
  return number
    .normalize('NFKC')
    .replace(/\p{Nd}/gu, asciiDigit)
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/./gu, (c) => LOOKALIKES[c] ?? c);
}
/** The fewest letters and digits a document number has (the shortest passports and ID cards have 6; a driving licence's may have 5). */
export const DOCUMENT_NUMBER_MIN_LENGTH = 5;
const realNameFields = {
  document_type: documentTypeSchema,
  document_number: trimmed(40).refine((v) => documentNumberKey(v).length >= DOCUMENT_NUMBER_MIN_LENGTH, { error: 'account.validation.documentNumber' }),
  surname: personName(60),
  given_name: personName(60),
  title: z.enum(['mr', 'ms', 'mrs', 'dr']).optional(),
  /** A real date, not in the future and not before 1900 (the shop sets no minimum age). */
  birthday: z.string().trim().refine((v) => isBirthday(v), { error: 'account.validation.birthday' }).optional(),
  referral_code: z.string().trim().max(32).optional(),
};
export const certificationBody = z.object(realNameFields);
export const certificationInternationalBody = z.object({
  ...realNameFields,
  country: z.string().trim().regex(/^[A-Za-z]{2}$/).transform((v) => v.toUpperCase()),
});

export const certificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['mainland', 'international']),
  country: z.string(),
  document_type: documentTypeSchema,
  /** Masked: first 3 and last 3 characters. */
  document_number: z.string(),
  surname: z.string(),
  given_name: z.string(),
  title: z.string().nullable(),
  birthday: z.string().nullable(),
  referral_code: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export const certificationInfoQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const certificationInfoData = z.object({ status: realNameStatusSchema, record: certificationSchema.nullable() });
export const documentTypesData = z.array(z.object({ value: documentTypeSchema, label: z.string() }));
export const countryItemSchema = z.object({ code: z.string(), name: z.string(), pre: z.string() });
export const countryListData = z.array(countryItemSchema);
export const userTypeData = z.object({
  /** Members known to be of mainland China use `auth`, others `authGuoJi` (an unknown country is never taken for the mainland). */
  kind: z.enum(['mainland', 'international']),
  /** The member's country (ISO 3166-1 alpha-2) as registration or the phone names it; null when unknown: the form then chooses none. */
  country: z.string().nullable(),
  status: realNameStatusSchema,
});

// ── Cancellation ───────────────────────────────────────────────────────────────────────────────

export const cancelApplyBody = z.object({
  /** `withdraw` takes back a request under review. */
  action: z.enum(['apply', 'withdraw']).default('apply'),
  agree: z.boolean().optional(),
});
export const cancelConfirmBody = z.object({ code: codeField });
export const cancellationSchema = z.object({
  id: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected', 'withdrawn', 'completed']),
  reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
/**
 * What of the member's money is still in the account, per currency in minor units: their balance
 * (`cash`), gift-card value, rewards, amounts held for withdrawals under way (`withdrawal`) or for
 * payments and other requests (`held`), and top-ups paid and under review (`recharge`).
 */
export const CLOSING_MONEY_KINDS = ['cash', 'gift_card', 'rewards', 'withdrawal', 'held', 'recharge'] as const;
export type ClosingMoneyKind = (typeof CLOSING_MONEY_KINDS)[number];
export const closingBalancesSchema = z.object({
  /** Money the member owns: while any is left the account cannot be closed (withdraw or spend it first). */
  money: z.array(z.object({ kind: z.enum(CLOSING_MONEY_KINDS), currency: z.string(), amount: z.number().int() })),
  /** Points and shopping points, given up when the account is closed (whole units). */
  forfeited: z.object({ points: z.number().int(), shopping_points: z.number().int() }),
});
export type ClosingBalances = z.infer<typeof closingBalancesSchema>;
export const cancelInfoData = z.object({
  request: cancellationSchema.nullable(),
  /** Whether something (unconfirmed orders, an open after-sales case, an open member shop, money left) stops the account from being closed now. */
  blocked: z.boolean(),
  /** Orders not yet confirmed for delivery stop it. */
  open_orders: z.boolean(),
  /** An after-sales case still open stops it (its refund may still come to the wallet). */
  open_after_sales: z.boolean(),
  /** The member's own member shop not closed, or with orders not yet settled, stops it (they earn into the owner's account). */
  open_shop: z.boolean(),
  ...closingBalancesSchema.shape,
});

// ── Uploads ────────────────────────────────────────────────────────────────────────────────────

/** The largest file of each kind an upload takes (the server refuses more; the apps check before sending). */
export const UPLOAD_MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MAX_VIDEO_BYTES = 10 * 1024 * 1024;
/** A limit in bytes as the megabytes people read in "Pictures up to 2 MB" (to one decimal). */
export const uploadLimitMb = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 10) / 10;

export const uploadTokenBody = z.object({ host_id: z.union([z.literal(1), z.literal(3)]).default(1) });
export const uploadTokenData = z.object({
  token: z.string(),
  upload_path: z.string(),
  expires_at: z.string(),
  max_image_bytes: z.number().int(),
  max_video_bytes: z.number().int(),
});
export const uploadedFileData = z.object({
  id: z.number().int(),
  url: z.string(),
  kind: z.enum(['image', 'video']),
  mime: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFileData>;
/** A small image sent inline (avatars): a `data:` URL. */
export const inlineUploadBody = z.object({ image: z.string().min(1).max(1_000_000), name: z.string().max(200).optional() });

// ── Countries and settings pages ───────────────────────────────────────────────────────────────

export const areaPreQuery = z.object({ country: z.string().trim().regex(/^[A-Za-z]{2}$/).optional() });
export const areaPreData = z.object({ country: z.string(), pre: z.string() });

export const settingsEntrySchema = z.object({
  key: z.string(),
  label: z.string(),
  /** A short state to show at the right (masked contact, "Not set" …). */
  value: z.string(),
  /** The app page it opens. */
  path: z.string(),
  done: z.boolean(),
});
export const settingsPageData = z.object({ user: userSchema, entries: z.array(settingsEntrySchema) });
export type SettingsPage = z.infer<typeof settingsPageData>;
