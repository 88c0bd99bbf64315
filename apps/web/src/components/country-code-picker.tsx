import { useMemo, useState } from 'react';
import { Button } from 'antd-mobile';
import { listCountryCodes } from '@shop/contract/account';
import type { EndpointData } from '@shop/contract/common';
import { useEndpointQuery } from '@/lib/endpoint-query';
import { useTranslation } from '@/lib/i18n';
import { SearchListSheet } from './search-list-sheet';

/** A country and its calling code, as the phone fields keep them. */
export interface CallingCode {
  country: string;
  pre: string;
}

/** Every country with its calling code, named in the app's language. */
export const useCountryCodes = () => useEndpointQuery(listCountryCodes, undefined, { staleTime: Infinity });

/**
 * A phone number typed with its `+` and calling code (`+60 12-345 6789`): the country it names (the
 * chosen one when its code fits, else the longest code that fits) and the number without the code.
 * Anything else is given back as typed, without the separators between its digits.
 */
export function splitCallingCode(typed: string, chosen: CallingCode, countries: EndpointData<typeof listCountryCodes>): { code: CallingCode; mobile: string } {
  const trimmed = typed.trim();
  // Spaces, dashes, dots and brackets people type between the digits are not part of the number.
  const plain = trimmed.replace(/[\s().-]/g, '');
  if (!trimmed.startsWith('+')) return { code: chosen, mobile: plain };
  const digits = plain.slice(1);
  const fits = (pre: string) => pre !== '' && digits.startsWith(pre) && digits.length > pre.length;
  const found = fits(chosen.pre) ? chosen : [...countries].sort((a, b) => b.pre.length - a.pre.length).map((c) => ({ country: c.code, pre: c.pre })).find((c) => fits(c.pre));
  return found ? { code: found, mobile: digits.slice(found.pre.length) } : { code: chosen, mobile: plain };
}

/** The country code in front of a phone number: a button showing `+60` that opens the list of countries (a sheet searched by typing, usable by keyboard). */
export function CountryCodePicker({ value, onChange }: { value: CallingCode; onChange: (v: CallingCode) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: countries = [] } = useCountryCodes();
  const options = useMemo(() => countries.map((c) => ({ label: `${c.name} +${c.pre}`, value: c.code })), [countries]);
  return (
    <>
      <Button size="small" fill="none" className="country-code" aria-label={`${t('account.field.countryCode')} +${value.pre}`} onClick={() => setOpen(true)}>
        +{value.pre}
      </Button>
      <SearchListSheet
        label={t('account.field.countryCode')}
        open={open}
        onClose={() => setOpen(false)}
        options={options}
        chosen={value.country}
        onPick={(o) => {
          const chosen = countries.find((c) => c.code === o.value);
          if (chosen) onChange({ country: chosen.code, pre: chosen.pre });
        }}
      />
    </>
  );
}
