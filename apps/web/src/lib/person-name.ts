import { useCallback } from 'react';
import { familyNameFirst, fullName } from '@shop/contract/common';
import { useLanguage } from '@/stores/language';

/** Whether the app's language writes the family name first: the address form asks for it first then. */
export const useFamilyNameFirst = (): boolean => familyNameFirst(useLanguage((s) => s.lang));

/**
 * A person's name (given, family) in their own culture's order (`fullName`): told by the name's script,
 * for a Latin one by `country` (the address's), and by the app's language only when nothing else tells.
 */
export function useFullName(): (given: string | null | undefined, family: string | null | undefined, country?: string | null) => string {
  const lang = useLanguage((s) => s.lang);
  return useCallback((given, family, country) => fullName(given, family, lang, country), [lang]);
}
