import { randomInt, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ResponseCode, type CaptchaChallenge } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { newToken } from '../../lib/tokens.js';
import type { Actor } from '../../lib/actor.js';
import * as q from './captcha.queries.js';
import { SIGN_IN_KEYS, typedIdentifier } from './lockout.js';

export type CaptchaMode = 'off' | 'auto' | 'always';
export const CAPTCHA_MODES: readonly CaptchaMode[] = ['off', 'auto', 'always'];

/** Failed logins (per account or per address) within the window after which the slider is asked for. */
export const FAILURES_BEFORE_CAPTCHA = 3;
export const FAILURE_WINDOW_MS = 15 * 60_000;

const WIDTH = 300;
const HEIGHT = 150;
const PIECE = 44;
/** How far from the gap (px) a drop still counts. */
export const POSITION_TOLERANCE = 6;
/** A drag faster than this is a script; slower than the challenge's life is abandoned. */
export const MIN_DRAG_MS = 250;
export const MAX_DRAG_MS = 20_000;
/** Fewest drag positions a drop must carry: a drop without its drag is a script. */
export const MIN_TRAIL_SAMPLES = 4;
const CHALLENGE_TTL_MS = 2 * 60_000;
const TOKEN_TTL_MS = 5 * 60_000;

/** Who changed the captcha card (its mode and bypass) last, and when: the version the console's card names. */
export const captchaStamp = (db: Executor) => q.findCaptchaStamp(db);

/** The operator's captcha mode: off, auto (after repeated failures, the default) or always. */
export async function captchaMode(db: Executor): Promise<CaptchaMode> {
  const row = await q.findSetting(db, 'captcha_mode');
  return CAPTCHA_MODES.includes(row?.value as CaptchaMode) ? (row!.value as CaptchaMode) : 'auto';
}

/** Whether the operator lets the app continue without the slider when it cannot load. */
export async function captchaBypassAllowed(db: Executor): Promise<boolean> {
  return (await q.findSetting(db, 'captcha_bypass'))?.value === 'on';
}

/**
 * Whether this address (and account, when known) must pass the slider now: after failed sign-ins
 * only. A member's wrong pay passwords (or coupon and authenticator codes) are that member's own
 * lockout and never make others at the same address solve it. With `typed` (a member's sign-in
 * identifier, normalised) the failures of what was typed count instead of an account's, as an
 * unknown identifier's count: a member's sign-in and `/user/openJY` are always judged so.
 */
export async function isCaptchaRequired(db: Executor, who: { ip: string; account?: string; typed?: string }): Promise<boolean> {
  const mode = await captchaMode(db);
  if (mode !== 'auto') return mode === 'always';
  const { byIp, byAccount, byTyped } = await q.countLoginFailures(db, who.account, who.ip, FAILURE_WINDOW_MS, SIGN_IN_KEYS, who.typed);
  const byName = who.typed !== undefined ? byTyped : who.account ? byAccount : 0;
  return byIp >= FAILURES_BEFORE_CAPTCHA || byName >= FAILURES_BEFORE_CAPTCHA;
}

/** Lets a request through when no slider is needed, or when it carries a valid, unused captcha token. */
export async function ensureCaptcha(db: Executor, who: { ip: string; account?: string; typed?: string; token?: string }): Promise<void> {
  if (!(await isCaptchaRequired(db, who))) return;
  if (!who.token) throw new AppError(ResponseCode.captchaRequired);
  if (!(await q.useCaptchaToken(db, who.token))) throw new AppError(ResponseCode.captchaFailed);
}

function backgroundSvg(): string {
  const hue = randomInt(0, 360);
  const shapes: string[] = [];
  for (let i = 0; i < 28; i++) {
    const h = (hue + randomInt(0, 120)) % 360;
    const x = randomInt(0, WIDTH);
    const y = randomInt(0, HEIGHT);
    const r = randomInt(8, 40);
    shapes.push(
      i % 2
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${h},70%,${randomInt(40, 70)}%)" opacity="0.75"/>`
        : `<rect x="${x}" y="${y}" width="${r * 2}" height="${r}" transform="rotate(${randomInt(0, 90)} ${x} ${y})" fill="hsl(${h},60%,${randomInt(35, 65)}%)" opacity="0.7"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 150) % 360},55%,55%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

const pieceMask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE}" height="${PIECE}"><rect width="${PIECE}" height="${PIECE}" rx="8" fill="#fff"/></svg>`);
const gapShade = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE}" height="${PIECE}"><rect x="1" y="1" width="${PIECE - 2}" height="${PIECE - 2}" rx="8" fill="rgba(0,0,0,0.55)" stroke="rgba(255,255,255,0.9)" stroke-width="2"/></svg>`,
);
const pieceOutline = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${PIECE}" height="${PIECE}"><rect x="1" y="1" width="${PIECE - 2}" height="${PIECE - 2}" rx="8" fill="none" stroke="rgba(255,255,255,0.95)" stroke-width="2"/></svg>`,
);
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A new puzzle: a background with a gap, and the piece that fills it. Only the server knows where. */
export async function createChallenge(db: Executor, ip: string): Promise<CaptchaChallenge> {
  const x = randomInt(PIECE + 20, WIDTH - PIECE - 10);
  const y = randomInt(10, HEIGHT - PIECE - 10);
  const base = await sharp(Buffer.from(backgroundSvg())).png().toBuffer();
  const piece = await sharp(base)
    .extract({ left: x, top: y, width: PIECE, height: PIECE })
    .composite([{ input: pieceMask, blend: 'dest-in' }, { input: pieceOutline }])
    .png()
    .toBuffer();
  const background = await sharp(base).composite([{ input: gapShade, left: x, top: y }]).png().toBuffer();
  const id = randomUUID();
  await q.insertChallenge(db, { id, x, y, ip, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
  return { id, width: WIDTH, height: HEIGHT, piece_size: PIECE, piece_y: y, background: dataUrl(background), piece: dataUrl(piece) };
}

/**
 * Checks a drop: one try per challenge (a wrong one burns it too), the piece within a few pixels of
 * the gap, a drag neither instant nor abandoned and not perfectly even. The pace is judged by the
 * server's own clock (time since the challenge was issued), the client's `duration_ms` only within it.
 * Gives a one-time token for login, registration and codes.
 */
export async function verifyChallenge(db: Executor, answer: { id: string; x: number; duration_ms: number; trail?: number[] }): Promise<{ captcha_token: string }> {
  const challenge = await q.takeChallenge(db, answer.id);
  if (!challenge) throw new AppError(ResponseCode.captchaFailed);
  const placed = Math.abs(answer.x - challenge.x) <= POSITION_TOLERANCE;
  if (!placed || !humanPace(answer.duration_ms, challenge.issued_ms_ago) || !humanTrail(answer.trail)) throw new AppError(ResponseCode.captchaFailed);
  const token = newToken();
  await q.insertCaptchaToken(db, token, new Date(Date.now() + TOKEN_TTL_MS));
  return { captcha_token: token };
}

/** The drag took a human time by the server's clock, and the client claims no longer than the server saw. */
const humanPace = (claimedMs: number, issuedMsAgo: number): boolean =>
  issuedMsAgo >= MIN_DRAG_MS && claimedMs >= MIN_DRAG_MS && claimedMs <= MAX_DRAG_MS && claimedMs <= issuedMsAgo;

/** A drop carries its drag, and a scripted drag moves in equal steps; a hand speeds up and slows down. */
function humanTrail(trail: number[] | undefined): boolean {
  if (!trail || trail.length < MIN_TRAIL_SAMPLES) return false;
  const steps = trail.slice(1).map((v, i) => v - trail[i]!);
  return new Set(steps.map((s) => Math.round(s))).size > 1;
}

/**
 * `/user/openJY`: whether a login now needs the slider, judged as the login judges it: the address's
 * failures and those of the identifier as typed, never the account it names (whose other names'
 * failures would tell a stranger which e-mail belongs to which user name), so a known and an unknown
 * identifier answer alike (docs/decisions/2026-11-29-lockout-per-address.md, 2026-11-30).
 */
export async function captchaRequiredFor(db: Executor, actor: Actor, input: { account?: string }): Promise<0 | 1> {
  return (await isCaptchaRequired(db, { ip: actor.ip, typed: input.account ? typedIdentifier(input.account) : undefined })) ? 1 : 0;
}

export const CAPTCHA_CHALLENGE_PATH = '/captcha/challenge';
export const CAPTCHA_VERIFY_PATH = '/captcha/verify';

/** What the app needs to show the slider: the mode, whether it may continue without it, and where its calls are. */
export async function captchaConfig(db: Executor) {
  return { mode: await captchaMode(db), bypass_allowed: await captchaBypassAllowed(db), timeout_ms: 10_000, challenge_path: CAPTCHA_CHALLENGE_PATH, verify_path: CAPTCHA_VERIFY_PATH };
}
