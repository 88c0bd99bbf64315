import type { ComponentProps } from 'react';
import { Input } from 'antd-mobile';
import { currencyExponent } from '@shop/contract/common';
import { TextField } from '@/components/form-field';
import { amountExample, amountExampleWithin, readAmount } from '@/lib/amount-input';
import type { FieldReader, FieldValues } from '@/lib/form';
import { i18n, useTranslation } from '@/lib/i18n';

/**
 * Amount fields as members type them: in their own number format ("10,50" in Hungarian), shown an
 * example of it, read into the API's format ("10.50") before anything is sent. Shared by the wallet's
 * forms and the member shop's prices and slips. See docs/decisions/2026-11-29-amounts-as-members-write-them.md.
 */

/**
 * The amount field of a form: the form reads it with `amountReader` before the check, so the body carries the API's format.
 * With `currency` (and `limits` in its minor units), the example has that currency's decimals and lies within the limits.
 */
export function AmountField<T extends FieldValues>({ currency, limits, ...props }: Omit<ComponentProps<typeof TextField<T>>, 'inputMode' | 'placeholder'> & { currency?: string; limits?: { min: number; max: number } }) {
  const { t } = useTranslation();
  const example = currency ? amountExampleWithin(currency, limits) : amountExample();
  return <TextField inputMode="decimal" placeholder={t('wallet.placeholder.amount', { example })} autoComplete="off" {...props} />;
}

/**
 * An amount input of a page that keeps its own state (the shop's prices, a slip's amount, a charity
 * pledge): read it with `readAmount`. With `currency`, the example has that currency's decimals (none for yen).
 */
export function AmountInput({ currency, ...props }: Omit<ComponentProps<typeof Input>, 'inputMode' | 'placeholder'> & { currency?: string }) {
  const { t } = useTranslation();
  const whole = currency !== undefined && currencyExponent(currency) === 0;
  return <Input inputMode="decimal" placeholder={t('wallet.placeholder.amount', { example: amountExample(undefined, whole) })} autoComplete="off" {...props} />;
}

/** The refusal of an amount that cannot be read for sure: the format expected, with an example in the member's own. */
const formatProblem = () => ({ problem: 'wallet.validation.amountFormat', params: { example: amountExample() } });

/**
 * Reads an amount field for the body; what cannot be read for sure is refused with the format expected, and an
 * amount of 0 or below ("-50") with "more than 0" (every amount a form sends moves money).
 */
export const amountReader: FieldReader = (typed) => {
  const unsigned = typed.trim().replace(/^[-−]\s*/, '');
  const wire = readAmount(unsigned);
  if (wire === undefined) return formatProblem();
  return unsigned !== typed.trim() || Number(wire) === 0 ? { problem: 'wallet.validation.amountPositive' } : { value: wire };
};

/** What an amount input outside a form says when what was typed cannot be read for sure. */
export function amountFormatText(): string {
  const { problem, params } = formatProblem();
  return i18n.t(problem, params);
}

/** The amount the member typed, in the API's format, or undefined while it cannot be read (a quote is asked for only then). */
export const typedAmount = (typed: string | undefined): string | undefined => readAmount(typed ?? '');
