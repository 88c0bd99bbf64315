import { Button, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import type { Permission } from '@shop/contract/common';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../lib/api';
import { signOutRoute } from '../lib/routes';
import { sessionStore, watchIdle } from '../lib/session';
import { LanguageSelect } from './LanguageSelect';
import { useOperator } from './operator';

interface Item {
  path: string;
  label: string;
  permission: Permission;
}

/** Every page of the menu with the permission it needs: what the role forbids is not shown. */
export const PAGES = (t: (k: string) => string): Array<Item | { group: string; children: Item[] }> => [
  { path: '/', label: t('nav.dashboard'), permission: 'session' },
  {
    group: t('nav.reviews'),
    children: [
      { path: '/reviews/realname', label: t('nav.realname'), permission: 'realname.review' },
      { path: '/reviews/cancellation', label: t('nav.cancellation'), permission: 'cancellation.review' },
      { path: '/reviews/recharges', label: t('nav.recharges'), permission: 'withdrawals.review' },
      { path: '/reviews/withdrawals', label: t('nav.withdrawals'), permission: 'withdrawals.review' },
    ],
  },
  { path: '/orders', label: t('nav.orders'), permission: 'orders.read' },
  { path: '/members', label: t('nav.members'), permission: 'members.read' },
  { path: '/audit', label: t('nav.audit'), permission: 'audit.read' },
];

export function Shell() {
  const { t } = useTranslation();
  const me = useOperator();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => watchIdle(), []);
  const allowed = useMemo(() => new Set(me.data?.permissions ?? []), [me.data]);
  const pages = PAGES(t);
  const flat = pages.flatMap((p) => ('group' in p ? p.children : [p]));
  const current = flat.find((p) => p.path === pathname);
  const items = pages
    .map((p) =>
      'group' in p
        ? { type: 'group' as const, key: p.group, label: p.group, children: p.children.filter((c) => allowed.has(c.permission)).map((c) => ({ key: c.path, label: c.label })) }
        : allowed.has(p.permission)
          ? { key: p.path, label: p.label }
          : null,
    )
    .filter((i) => i !== null && (!('children' in i) || (i.children?.length ?? 0) > 0));

  const signOut = async () => {
    await api(signOutRoute).catch(() => undefined);
    sessionStore.end('signed_out');
  };

  let content: React.ReactNode = <Outlet />;
  if (me.isLoading) content = <Spin style={{ display: 'block', margin: 64 }} />;
  else if (me.isError) content = <Result status="error" title={t('common.error')} extra={<Button onClick={() => void me.refetch()}>{t('common.retry')}</Button>} />;
  else if (current && !allowed.has(current.permission)) content = <Result status="403" title={t('common.noPermission')} />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="light" breakpoint="lg" collapsedWidth={64} style={{ borderRight: '1px solid #f0f0f0' }}>
        <div style={{ padding: '18px 20px', fontWeight: 600, fontSize: 16 }}>{t('app.title')}</div>
        <Menu mode="inline" selectedKeys={[pathname]} items={items as never} onClick={(e) => navigate(e.key)} style={{ borderInlineEnd: 0 }} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', padding: '0 24px', display: 'flex', justifyContent: 'space-between', alignItems: 'center', borderBottom: '1px solid #f0f0f0' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {current?.label ?? ''}
          </Typography.Title>
          <Space size="middle">
            <LanguageSelect />
            {me.data && (
              <span data-testid="operator">
                {me.data.user_name} <Tag>{t(`app.roles.${me.data.role}`)}</Tag>
              </span>
            )}
            <Button onClick={() => void signOut()}>{t('app.signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>{content}</Layout.Content>
      </Layout>
    </Layout>
  );
}
