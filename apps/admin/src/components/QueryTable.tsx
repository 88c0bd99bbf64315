import { Alert, Button, Empty, Table, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';

interface PageData<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

interface Props<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  query: UseQueryResult<PageData<T> | { list: T[] }>;
  /** Paging: the page asked for and a setter; without it, the whole list shows. */
  paging?: { page: number; limit: number; onChange: (page: number, limit: number) => void };
}

/** A table of a query: loading, error (with a retry) and empty states, and paging with the total. */
export function QueryTable<T extends object>({ query, paging, ...rest }: Props<T>) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common.error')}
        description={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const data = query.data;
  const total = data && 'total' in data ? data.total : (data?.list.length ?? 0);
  return (
    <Table<T>
      size="middle"
      rowKey={(r) => String((r as { id?: number }).id)}
      {...rest}
      loading={query.isLoading || query.isFetching}
      dataSource={data?.list ?? []}
      locale={{ emptyText: query.isLoading ? t('common.loading') : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} /> }}
      pagination={
        paging
          ? {
              current: paging.page,
              pageSize: paging.limit,
              total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (n) => t('common.total', { count: n, formatted: formatNumber(n) }),
              onChange: paging.onChange,
            }
          : false
      }
    />
  );
}
