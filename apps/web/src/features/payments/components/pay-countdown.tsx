import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';

const two = (n: number) => String(n).padStart(2, '0');

/** How long the payable still waits for payment, counted down each second; said plainly once the time is up. */
export function PayCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  if (left === 0) return <div className="pay-countdown pay-countdown-over" role="status">{t('payments.countdown.over')}</div>;
  const h = Math.floor(left / 3600);
  const clock = h > 0 ? `${h}:${two(Math.floor((left % 3600) / 60))}:${two(left % 60)}` : `${two(Math.floor(left / 60))}:${two(left % 60)}`;
  return (
    <div className="pay-countdown" aria-live="off">
      {t('payments.countdown.left', { time: clock })}
    </div>
  );
}
