import { Input, Select, Space } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../lib/endpoint-query';
import { afterSaleSettingsRoute } from '../lib/routes-after-sales';

// A type, not an interface: a `DecisionModal` field takes it as an element of any props.
type Props = {
  id?: string;
  value?: string;
  onChange?: (carrier: string) => void;
  onBlur?: () => void;
  'aria-invalid'?: true;
  'aria-required'?: true;
  'aria-describedby'?: string;
  /** Each control's width (default 160 px, never wider than its place). */
  style?: CSSProperties;
};

/**
 * A package's carrier, the one way the console asks for it (an order's package, an exchange's
 * replacement): chosen from the carriers the shop ships with (kept in the after-sales settings), or
 * "Other carrier…" and typed beside the list; typed alone when the shop keeps no list (or the operator
 * may not read it). A child of `FieldItem`/`FormField`: its id, value and refusal go to the list, the
 * typed name being named by its own words.
 */
export function CarrierPicker({ id, value, onChange, onBlur, style, ...aria }: Props) {
  const { t } = useTranslation();
  const carriers = useEndpointQuery(afterSaleSettingsRoute, undefined, { retry: false, staleTime: 60_000 });
  const list = (carriers.data?.carriers ?? []).filter((c) => c.enabled);
  const [other, setOther] = useState(false);
  const width = style ?? { width: 160, maxWidth: '100%' };
  const control = { id, ...aria };
  return (
    <Space.Compact>
      {list.length > 0 && (
        <Select
          {...control}
          data-testid="carrier-choice"
          style={width}
          placeholder={t('console.orders.chooseCarrier')}
          value={other ? '__other' : list.some((c) => c.name === value) ? value : undefined}
          options={[...list.map((c) => ({ value: c.name, label: c.name })), { value: '__other', label: t('console.orders.otherCarrier') }]}
          onChange={(v: string) => {
            setOther(v === '__other');
            onChange?.(v === '__other' ? '' : v);
          }}
          onBlur={onBlur}
        />
      )}
      {(list.length === 0 || other) && (
        // Beside the list, the typed carrier is named by its own words and shares the list's refusal.
        <Input
          {...(list.length > 0 ? { ...control, id: `${id}-other`, 'aria-label': t('console.orders.carrierName') } : control)}
          value={value ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          onBlur={onBlur}
          data-testid="carrier"
          placeholder={t('console.orders.carrierName')}
          style={width}
        />
      )}
    </Space.Compact>
  );
}
