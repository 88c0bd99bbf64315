import type { TFunction } from '@/lib/i18n';

/** "3 h 20 min" (or "5 min") in the member's language, from seconds. */
export function timeLeft(t: TFunction, seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = t('orders.groupBuy.minutes', { minutes: minutes % 60 });
  return hours > 0 ? `${t('orders.groupBuy.hours', { hours })} ${rest}` : rest;
}
