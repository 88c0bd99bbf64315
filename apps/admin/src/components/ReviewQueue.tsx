import { Button, Descriptions, Drawer, Segmented, Space, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal, type DecisionField } from './DecisionModal';
import { QueryTable } from './QueryTable';

export interface QueueAction<T> {
  key: string;
  label: string;
  danger?: boolean;
  primary?: boolean;
  /** Shown for rows in these states. */
  when: (row: T) => boolean;
  question: string;
  fields: DecisionField[];
  send: (row: T, values: Record<string, string>, idempotencyKey: string) => Promise<unknown>;
}

interface Props<T> {
  name: string;
  statuses: readonly string[];
  defaultStatus: string;
  load: (q: { status: string; page: number; limit: number }) => Promise<{ list: T[]; total: number; page: number; limit: number }>;
  columns: TableColumnsType<T>;
  /** The drawer's facts of a row. */
  describe: (row: T) => Array<{ label: string; value: ReactNode }>;
  /** Documents, slips and images of a row. */
  evidence?: (row: T) => ReactNode;
  actions: QueueAction<T>[];
  /** Other queries a decision changes (the dashboard's counts …). */
  alsoInvalidate?: unknown[][];
}

/** One pattern for every review queue: states, a table, a drawer with the evidence, decisions with a reason and a confirmation. */
export function ReviewQueue<T extends { id: number; status: string }>({ name, statuses, defaultStatus, load, columns, describe, evidence, actions, alsoInvalidate = [] }: Props<T>) {
  const { t } = useTranslation();
  const [status, setStatus] = useState(defaultStatus);
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [open, setOpen] = useState<T | null>(null);
  const [acting, setActing] = useState<QueueAction<T> | null>(null);
  const queryKey = ['admin', 'queue', name];
  const query = useQuery({ queryKey: [...queryKey, status, paging], queryFn: () => load({ status, ...paging }), placeholderData: keepPreviousData });

  const allColumns: TableColumnsType<T> = [
    ...columns,
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <Button size="small" onClick={() => setOpen(row)} data-testid={`open-${row.id}`}>
          {t('common.details')}
        </Button>
      ),
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented
        value={status}
        options={statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        onChange={(v) => {
          setStatus(String(v));
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <QueryTable<T> query={query} columns={allColumns} paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }} onRow={(row) => ({ onDoubleClick: () => setOpen(row) })} />
      <Drawer
        open={open !== null}
        size={560}
        title={open ? `#${open.id}` : ''}
        onClose={() => setOpen(null)}
        extra={
          open && (
            <Space>
              {actions
                .filter((a) => a.when(open))
                .map((a) => (
                  <Button key={a.key} type={a.primary ? 'primary' : 'default'} danger={a.danger} onClick={() => setActing(a)} data-testid={`action-${a.key}`}>
                    {a.label}
                  </Button>
                ))}
            </Space>
          )
        }
      >
        {open && (
          <>
            <Descriptions column={1} bordered size="small" items={describe(open).map((d, i) => ({ key: i, label: d.label, children: d.value }))} />
            {evidence && <div style={{ marginTop: 16 }}>{evidence(open)}</div>}
          </>
        )}
      </Drawer>
      {acting && open && (
        <DecisionModal
          open
          title={acting.label}
          question={acting.question}
          okText={acting.label}
          danger={acting.danger}
          fields={acting.fields}
          send={(values, key) => acting.send(open, values, key)}
          invalidate={[queryKey, ['admin', 'dashboard'], ...alsoInvalidate]}
          onClose={(decided) => {
            setActing(null);
            if (decided) setOpen(null);
          }}
        />
      )}
    </Space>
  );
}
