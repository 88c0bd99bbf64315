import { useState } from 'react';
import { Button, Picker } from 'antd-mobile';
import { useCountryCodes } from '../api/list-country-codes';
import { useTranslation } from '@/lib/i18n';

/** The country code in front of a phone number: a button showing `+60` that opens the list of countries. */
export function CountryCodePicker({ value, onChange }: { value: { country: string; pre: string }; onChange: (v: { country: string; pre: string }) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data: countries = [] } = useCountryCodes();
  return (
    <>
      <Button size="small" fill="none" className="country-code" aria-label={`${t('account.field.countryCode')} +${value.pre}`} onClick={() => setOpen(true)}>
        +{value.pre}
      </Button>
      <Picker
        visible={open}
        onClose={() => setOpen(false)}
        title={t('account.field.countryCode')}
        confirmText={t('account.action.confirm')}
        cancelText={t('account.action.cancel')}
        columns={[countries.map((c) => ({ label: `${c.name} +${c.pre}`, value: c.code }))]}
        value={[value.country]}
        onConfirm={(v) => {
          const chosen = countries.find((c) => c.code === v[0]);
          if (chosen) onChange({ country: chosen.code, pre: chosen.pre });
        }}
      />
    </>
  );
}
