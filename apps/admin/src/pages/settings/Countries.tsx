import { Button, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { QueryError } from '../../components/QueryError';
import { call } from '../../lib/request';
import { setShippingCountriesRoute, shippingCountriesRoute } from '../../lib/routes-settings';
import type { PendingChange } from '../../components/ReasonedChange';

/**
 * The countries members ship to, in the address form's order; codes typed in to add one. The list is
 * saved whole, naming the version it was read at: refused as changed since, Refresh reads it again.
 */
export function Countries({ ask }: { ask: (c: PendingChange) => void }) {
  const { t } = useTranslation();
  const q = useEndpointQuery(shippingCountriesRoute, undefined);
  const [chosen, setChosen] = useState<string[] | null>(null);
  if (q.isError) return <QueryError error={q.error} retry={q.refetch} />;
  if (!q.data) return <Skeleton active />;
  const current = q.data.list.map((c) => c.code);
  const version = q.data.updated_at;
  const value = chosen ?? current;
  const names = new Map(q.data.list.map((c) => [c.code, c.name]));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 820 }}>
      <Typography.Paragraph type="secondary">{t('console.settings.page.countriesHelp')}</Typography.Paragraph>
      <Select
        mode="tags"
        value={value}
        placeholder={t('console.settings.page.countriesPick')}
        onChange={(codes: string[]) => setChosen(codes.map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{2}$/.test(c)))}
        options={current.map((c) => ({ value: c, label: `${names.get(c) ?? c} (${c})` }))}
        style={{ width: '100%' }}
        data-testid="countries"
      />
      <Button
        type="primary"
        data-testid="save-countries"
        disabled={value.length === 0}
        onClick={() =>
          ask({
            title: t('console.settings.page.tabs.countries'),
            send: async (reason, key) => {
              await call(setShippingCountriesRoute, { countries: value, base_updated_at: version, reason }, { idempotencyKey: key });
              setChosen(null);
            },
            reload: () => {
              setChosen(null);
              void q.refetch();
            },
          })
        }
      >
        {t('console.settings.page.save')}
      </Button>
    </Space>
  );
}
