import type { z } from 'zod';
import { i18n } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

/** Shows a message: `return fail('…')` ends a check the schema cannot make (the agreement tick…). */
export function fail(messageKey: string): void {
  showToast(i18n.t(messageKey));
}

/** A body schema whose `password_confirm` must repeat `password` (checked once both are valid). */
export const samePasswordTwice = <S extends z.ZodType<{ password: string; password_confirm: string }>>(schema: S) =>
  schema.refine((v) => v.password === v.password_confirm, { path: ['password_confirm'], error: 'account.form.passwordMismatch' });

/** The path the human check may send the member back to: one of the app's own pages only. */
export const safeReturnPath = (value: string | null | undefined, fallback: string): string =>
  value && /^\/pages\/[\w/]+(\?[\w=&%.-]*)?$/.test(value) ? value : fallback;
