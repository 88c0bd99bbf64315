import { i18n } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

/**
 * Spec §5: a toast names the first required field left empty. `fields` are in screen order,
 * each with the i18n key of its label. Answers true when every field is filled.
 */
export function requireFilled(values: Record<string, unknown>, fields: Array<[name: string, labelKey: string]>): boolean {
  for (const [name, labelKey] of fields) {
    const v = values[name];
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim()) || v === false) {
      showToast(i18n.t('account.form.required', { field: i18n.t(labelKey) }));
      return false;
    }
  }
  return true;
}

/** Shows a message: `return fail('…')` ends a form check. */
export function fail(messageKey: string): void {
  showToast(i18n.t(messageKey));
}

/** The path the human check may send the member back to: one of the app's own pages only. */
export const safeReturnPath = (value: string | null | undefined, fallback: string): string =>
  value && /^\/pages\/[\w/]+(\?[\w=&%.-]*)?$/.test(value) ? value : fallback;
