import { captchaChallengeData, captchaVerifyData, type CaptchaChallenge } from '@shop/contract/account';
import type { Envelope } from '@shop/contract/common';
import { apiUrl } from '@/lib/request';
import { useLanguage } from '@/stores/language';

// The slider's own service (/captcha/…), outside the spec's 240 calls: its puzzle and its check.

export class CaptchaError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

async function captchaCall(path: string, init: RequestInit, timeoutMs: number, timeoutCode: number): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const lang = useLanguage.getState().lang;
    const res = await fetch(apiUrl(path), { ...init, signal: controller.signal, headers: { ...init.headers, 'think-lang': lang, 'Accept-Language': lang, source: 'H5' } });
    const body = (await res.json()) as Envelope;
    if (body.code !== 200) throw new CaptchaError(body.code, body.msg);
    return body.data;
  } catch (e) {
    if (e instanceof CaptchaError) throw e;
    throw new CaptchaError(timeoutCode, 'Network failure');
  } finally {
    clearTimeout(timer);
  }
}

/** A new puzzle. A timeout or network failure is 60204 (the spec's captcha load error). */
export const loadChallenge = async (timeoutMs: number, timeoutCode = 60204): Promise<CaptchaChallenge> =>
  captchaChallengeData.parse(await captchaCall('/captcha/challenge', { method: 'GET' }, timeoutMs, timeoutCode));

/** Sends the drop; answers the one-time token that login, registration and codes accept. */
export const verifyDrop = async (answer: { id: string; x: number; duration_ms: number; trail: number[] }): Promise<string> =>
  captchaVerifyData.parse(
    await captchaCall('/captcha/verify', { method: 'POST', body: JSON.stringify(answer), headers: { 'Content-Type': 'application/json' } }, 10_000, 60204),
  ).captcha_token;
