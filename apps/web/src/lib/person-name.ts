import { useCallback } from 'react';
import { familyNameFirst, fullName } from '@shop/contract/common';
import { useLanguage } from '@/stores/language';

/** Whether the app's language writes the family name first: the address form asks for it first then. */
export const useFamilyNameFirst = (): boolean => familyNameFirst(useLanguage((s) => s.lang));

/** A person's name (given, family) in the order the app's language writes it, the order the address form asked for them. */
export function useFullName(): (given: string | null | undefined, family: string | null | undefined) => string {
  const lang = useLanguage((s) => s.lang);
  return useCallback((given, family) => fullName(given, family, lang), [lang]);
}
