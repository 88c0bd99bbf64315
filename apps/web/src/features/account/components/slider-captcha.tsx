import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import type { CaptchaChallenge } from '@shop/contract/account';
import { CaptchaError, loadChallenge, verifyDrop } from '../api/captcha-puzzle';
import { useTranslation } from '@/lib/i18n';

export type CaptchaState = 'init' | 'loading' | 'loaded' | 'fail';
/** The spec's captcha timeout: 10 s for the challenge to arrive. */
export const CAPTCHA_TIMEOUT_MS = 10_000;

interface Props {
  onPass: (token: string) => void;
  /** Offered when the slider cannot load and the operator allows going on without it. */
  onBypass?: () => void;
  timeoutMs?: number;
}

/**
 * Our slider captcha: the member drags the piece into the gap. Loads with the spec's states (init,
 * loading, loaded, fail); a first timeout is 60204 and is retried, a second is 60205 and fails.
 */
export function SliderCaptcha({ onPass, onBypass, timeoutMs = CAPTCHA_TIMEOUT_MS }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<CaptchaState>('init');
  const [challenge, setChallenge] = useState<CaptchaChallenge>();
  const [error, setError] = useState<{ code: number; message: string }>();
  const [offset, setOffset] = useState(0);
  const [hint, setHint] = useState('');
  const drag = useRef<{ startX: number; startedAt: number; trail: number[] } | undefined>(undefined);

  const load = useCallback(async () => {
    setState('loading');
    setOffset(0);
    setError(undefined);
    try {
      setChallenge(await loadChallenge(timeoutMs, 60204));
      setState('loaded');
    } catch (first) {
      // One retry after the first failure (60204); a second one (60205) gives up.
      try {
        setChallenge(await loadChallenge(timeoutMs, 60205));
        setState('loaded');
      } catch (second) {
        const e = second instanceof CaptchaError ? second : first instanceof CaptchaError ? first : new CaptchaError(60205, 'Network failure');
        setError({ code: e.code, message: e.message });
        setState('fail');
      }
    }
  }, [timeoutMs]);

  useEffect(() => {
    void load();
  }, [load]);

  const max = challenge ? challenge.width - challenge.piece_size : 0;

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (state !== 'loaded') return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { startX: e.clientX, startedAt: performance.now(), trail: [0] };
    setHint('');
  };
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const x = Math.max(0, Math.min(max, e.clientX - drag.current.startX));
    drag.current.trail.push(x);
    setOffset(x);
  };
  const onPointerUp = async () => {
    const d = drag.current;
    drag.current = undefined;
    if (!d || !challenge) return;
    try {
      const token = await verifyDrop({ id: challenge.id, x: offset, duration_ms: Math.round(performance.now() - d.startedAt), trail: d.trail.slice(-200) });
      setHint(t('account.captcha.passed'));
      onPass(token);
    } catch (e) {
      setHint(e instanceof CaptchaError ? e.message : t('account.captcha.failed'));
      void load();
    }
  };

  return (
    <div className="slider-captcha" data-state={state}>
      {state === 'fail' ? (
        <div className="slider-captcha-fail" role="alert">
          <p>
            {error?.message} ({error?.code})
          </p>
          <Button size="small" onClick={() => void load()}>
            {t('account.captcha.retry')}
          </Button>
          {onBypass && (
            <Button size="small" fill="none" onClick={onBypass}>
              {t('account.captcha.continue')}
            </Button>
          )}
        </div>
      ) : (
        <>
          <div className="slider-captcha-picture" style={{ width: challenge?.width ?? 300, height: challenge?.height ?? 150 }}>
            {challenge && state === 'loaded' ? (
              <>
                <img src={challenge.background} alt={t('account.captcha.picture')} width={challenge.width} height={challenge.height} draggable={false} />
                <img
                  className="slider-captcha-piece"
                  src={challenge.piece}
                  alt=""
                  draggable={false}
                  style={{ left: offset, top: challenge.piece_y, width: challenge.piece_size, height: challenge.piece_size }}
                />
              </>
            ) : (
              <div className="slider-captcha-loading">{t('account.captcha.loading')}</div>
            )}
          </div>
          <div className="slider-captcha-track" style={{ width: challenge?.width ?? 300 }}>
            <span className="slider-captcha-label">{t('account.captcha.drag')}</span>
            <div
              className="slider-captcha-handle"
              role="slider"
              aria-label={t('account.captcha.drag')}
              aria-valuemin={0}
              aria-valuemax={max}
              aria-valuenow={Math.round(offset)}
              style={{ transform: `translateX(${offset}px)` }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            >
              ⇢
            </div>
          </div>
        </>
      )}
      {hint && <div className="slider-captcha-hint">{hint}</div>}
    </div>
  );
}
