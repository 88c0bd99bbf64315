import { App, Button } from 'antd';
import type { AnyEndpoint } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callFile } from '../lib/request';

/** The CSV call of a list (the contract's `exportOf`: the list's path + `/export`, same filters and sort). */
export const exportRouteOf = <E extends AnyEndpoint>(list: E): E => ({ ...list, path: `${list.path}/export` });

/** Downloads the whole filtered list as a CSV file made by the server (headers in the console's language). */
export function ExportButton({ list, query }: { list: AnyEndpoint; query: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { page: _p, limit: _l, ...filters } = query;
      const file = await callFile(exportRouteOf(list), filters);
      const url = URL.createObjectURL(file.blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = file.filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      void message.error(e instanceof Error ? e.message : t('console.common.error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void download()} data-testid="export-csv">
      {t('console.settings.lists.exportCsv')}
    </Button>
  );
}
