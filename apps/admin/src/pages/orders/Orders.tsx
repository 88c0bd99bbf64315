import type { adminOrderSummarySchema, amountsSchema, trackingEventBody } from '@shop/contract/orders';
import { addressText, phoneText } from '@shop/contract/common';
import { Alert, App as AntApp, Button, Card, Checkbox, Descriptions, Form, Input, InputNumber, Popconfirm, Skeleton, Space, Timeline, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { ModalDrawer } from '../../components/ModalDrawer';
import { DecisionModal } from '../../components/DecisionModal';
import { actionsColumn, FramedTable, QueryTable, type ListSort } from '../../components/QueryTable';
import { StatusTag } from '../../components/StatusTag';
import { StateTabs } from '../../components/StateTabs';
import { FieldItem } from '../../lib/form';
import { useCan } from '../../lib/operator';
import { call } from '../../lib/request';
import { cancelOrderRoute, dashboardRoute, lazyZodResolver, orderRoute as adminGetOrder, ordersRoute as adminListOrders, shipRoute as adminShipOrder, trackingEventRoute as adminAddTrackingEvent } from '../../lib/routes';

// The order states, as the contract lists them.
const ORDER_STATUSES = ['awaiting_payment', 'paid', 'shipped', 'completed', 'cancelled', 'closed', 'refunding', 'refunded'] as const satisfies readonly Summary['status'][];
import { formatCellDate, formatDate, formatMoney, formatNumber, formatPersonName, formatRegion } from '../../lib/format';
import { remindersRoute } from '../../lib/routes-settings';
import { PayablePayments } from '../../components/PaymentParts';
import { CarrierPicker } from '../../components/CarrierPicker';
import { orderEventLine } from './order-event-line';

type Summary = z.infer<typeof adminOrderSummarySchema>;

// The ship form: the contract's carrier and number rules, and a quantity per line (0: not in this package).
const loadShipForm = () =>
  Promise.all([import('@shop/contract/orders'), import('zod')]).then(([{ shipOrderBody }, { z }]) =>
    shipOrderBody.pick({ carrier: true, tracking_number: true }).extend({ nums: z.record(z.string(), z.number().int().min(0).optional()) }),
  );
interface ShipValues {
  carrier: string;
  tracking_number: string;
  /** Units per order line in this package, keyed `l<line id>` (a bare number would make an array). */
  nums: Record<string, number | undefined>;
}
type EventValues = z.input<typeof trackingEventBody>;


/** How the total was made, as the member's order page shows it: the goods, less the coupon and points, plus the fee and shipping (what is nil left out, but the goods and shipping). */
function amountParts(t: TFunction, o: z.infer<typeof amountsSchema>): string[] {
  const money = (minor: number) => formatMoney(minor, o.currency);
  return [
    `${t('console.orders.amount.subtotal')} ${money(o.subtotal)}`,
    o.coupon_discount > 0 ? `${t('console.orders.amount.coupon')} −${money(o.coupon_discount)}` : '',
    o.points_value > 0 ? `${t('console.orders.amount.points')} −${money(o.points_value)}` : '',
    o.shopping_points_value > 0 ? `${t('console.orders.amount.shoppingPoints')} −${money(o.shopping_points_value)}` : '',
    o.operating_fee > 0 ? `${t('console.orders.amount.operatingFee', { rate: formatNumber(o.operating_fee_rate / 100) })} ${money(o.operating_fee)}` : '',
    `${t('console.orders.amount.freight')} ${money(o.freight)}`,
  ].filter(Boolean);
}

/** One order as operators see it: lines, packages and events; ship, track and cancel where the role allows. */
export function OrderDetail({ id, onPackage }: { id: number; onPackage: (id: number) => void }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const can = useCan();
  const q = useEndpointQuery(adminGetOrder, { id });
  const [lastPackage, setLastPackage] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // The package just shipped: once the order is read again, focus moves to the packages that list it
  // (the ship form may be gone with nothing left to ship, and focus would fall to the top of the page).
  const [shownPackage, setShownPackage] = useState<number | null>(null);
  const packagesRef = useRef<HTMLDivElement>(null);
  const ship = useForm<ShipValues>({ resolver: lazyZodResolver(loadShipForm), defaultValues: { carrier: '', tracking_number: '', nums: {} } });
  const event = useForm<EventValues>({ resolver: lazyZodResolver(() => import('@shop/contract/orders').then((m) => m.trackingEventBody)), defaultValues: { package_id: undefined as unknown as number, place: '', text: '', delivered: false } });
  const shipping = useEndpointMutation(adminShipOrder, {
    invalidates: [adminGetOrder, adminListOrders, remindersRoute],
    onSuccess: (res) => {
      message.success(t('console.orders.shipped', { id: res.package_id }));
      setLastPackage(res.package_id);
      setShownPackage(res.package_id);
      onPackage(res.package_id);
      event.setValue('package_id', res.package_id);
      // The quantities start again at what is left once the order is read again.
      ship.reset({ carrier: ship.getValues('carrier'), tracking_number: '', nums: {} });
    },
  });
  /**
   * The package as the call takes it: always the lines shown with their quantities (one not touched
   * counts as shown, what is left of it). Never without `lines`, which the call reads as "everything
   * left": a package of nothing is refused here, with no call.
   */
  const shipBody = (v: ShipValues) => {
    const lines = (q.data?.lines ?? [])
      .filter((l) => l.shipped_num < l.num)
      .map((l) => ({ order_line_id: l.id, num: v.nums[`l${l.id}`] ?? l.num - l.shipped_num }))
      .filter((l) => l.num > 0);
    return { order_id: id, carrier: v.carrier, tracking_number: v.tracking_number, lines };
  };
  // Said under the quantities until one changes.
  const [emptyPackage, setEmptyPackage] = useState(false);
  const shipPackage = (v: ShipValues) => {
    const body = shipBody(v);
    setEmptyPackage(body.lines.length === 0);
    if (body.lines.length > 0) shipping.mutate(body);
  };
  const adding = useEndpointMutation(adminAddTrackingEvent, {
    invalidates: [adminGetOrder],
    onSuccess: () => {
      message.success(t('console.orders.eventAdded'));
      event.reset({ package_id: event.getValues('package_id'), place: '', text: '', delivered: false });
    },
  });
  // Each line's quantity starts at what is left to ship: shipping the rest is the common case.
  const leftToShip = (q.data?.lines ?? []).filter((l) => l.shipped_num < l.num).map((l) => [l.id, l.num - l.shipped_num] as const);
  const leftKey = leftToShip.map(([lineId, left]) => `${lineId}:${left}`).join(',');
  useEffect(() => {
    for (const [lineId, left] of leftToShip) ship.setValue(`nums.l${lineId}`, left);
    // leftKey names the lines and what is left of each: the form is reset when they change, not on every render.
  }, [leftKey, ship]);
  // The tracking form starts on the first package still under way.
  const openPackage = q.data?.packages.find((p) => p.status !== 'delivered')?.id;
  useEffect(() => {
    if (openPackage !== undefined && !event.getValues('package_id')) event.setValue('package_id', openPackage);
  }, [openPackage, event]);
  const listed = shownPackage !== null && (q.data?.packages.some((p) => p.id === shownPackage) ?? false);
  useEffect(() => {
    if (!listed) return;
    packagesRef.current?.focus();
    setShownPackage(null);
  }, [listed]);
  if (q.isError) return <Alert type="error" showIcon title={q.error.message} action={<Button onClick={() => void q.refetch()}>{t('console.common.retry')}</Button>} />;
  if (!q.data) return <Skeleton active />;
  const o = q.data;
  const a = o.address;
  const unshipped = o.lines.filter((l) => l.shipped_num < l.num);
  const canShip = can('orders.fulfil') && (o.status === 'paid' || o.status === 'shipped') && unshipped.length > 0;
  // Cancelling a paid order refunds it in full: an operator whose role does not decide refunds asks one who does.
  const asksToCancel = o.status === 'paid' && !can('refunds.decide');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions
        column={2}
        bordered
        size="small"
        items={[
          { key: 'no', label: t('console.orders.orderNo'), children: o.order_no },
          { key: 'st', label: t('console.common.status'), children: <StatusTag status={o.status} /> },
          { key: 'm', label: t('console.common.member'), children: `${o.user_name} #${o.user_id}` },
          {
            key: 'tot',
            label: t('console.orders.total'),
            children: (
              <>
                {formatMoney(o.total, o.currency)}
                <br />
                <Typography.Text type="secondary" data-testid="order-amounts">
                  {amountParts(t, o).join(' · ')}
                </Typography.Text>
              </>
            ),
          },
          { key: 'c', label: t('console.orders.orderedAt'), children: formatDate(o.created_at) },
          { key: 'p', label: t('console.orders.paidAt'), children: formatDate(o.paid_at) },
          { key: 'a', label: t('console.orders.address'), span: 2, children: `${formatPersonName(a.name, a.surname, a.country_code)} · ${phoneText(a.mobile_pre, a.mobile)} · ${addressText({ ...a, country_name: formatRegion(a.country_code), street: a.detail })}` },
          ...(o.remarks ? [{ key: 'r', label: t('console.orders.remarks'), span: 2, children: o.remarks }] : []),
        ]}
      />
      <FramedTable
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={o.lines}
        columns={[
          { title: t('console.orders.lines'), key: 'name', render: (_, l) => `${l.name}${l.spec_text ? ` · ${l.spec_text}` : ''}` },
          { title: t('console.orders.qty'), dataIndex: 'num', align: 'right' },
          { title: t('console.orders.shippedQty'), dataIndex: 'shipped_num', align: 'right' },
          { title: t('console.common.amount'), key: 'total', align: 'right', render: (_, l) => formatMoney(l.line_total, o.currency) },
          ...(canShip
            ? [
                {
                  title: t('console.orders.toShip'),
                  key: 'ship',
                  render: (_: unknown, l: (typeof o.lines)[number]) =>
                    l.shipped_num < l.num ? (
                      <Controller
                        name={`nums.l${l.id}`}
                        control={ship.control}
                        render={({ field }) => (
                          <InputNumber
                            min={0}
                            max={l.num - l.shipped_num}
                            value={Number(field.value ?? l.num - l.shipped_num) as number}
                            onChange={(v) => {
                              field.onChange(v ?? 0);
                              setEmptyPackage(false);
                            }}
                            aria-label={`${t('console.orders.toShip')}: ${l.name}`}
                            {...(emptyPackage ? { 'aria-invalid': true, 'aria-describedby': 'ship-empty' } : {})}
                            data-testid={`ship-num-${l.id}`}
                          />
                        )}
                      />
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {can('ledger.read') && <PayablePayments payableType="order" payableId={id} />}
      {o.cancel_request && (
        <Alert
          type="warning"
          showIcon
          data-testid="cancel-waiting"
          title={t('console.orders.cancelWaiting', { name: o.cancel_request.requested_by, reason: o.cancel_request.reason })}
          action={can('refunds.decide') ? <Link to="/approvals">{t('console.money.nav.approvals')}</Link> : undefined}
        />
      )}
      {/* A paid order's cancellation refunds it in full: a role that decides refunds does it, one that does not asks for it. */}
      {can('orders.fulfil') && (o.status === 'awaiting_payment' || (o.status === 'paid' && o.packages.length === 0 && !o.cancel_request)) && (
        <div>
          <Button danger onClick={() => setCancelling(true)} data-testid="cancel-order">
            {t(asksToCancel ? 'console.orders.askCancel' : 'console.orders.cancel')}
          </Button>
        </div>
      )}
      {cancelling && (
        <DecisionModal
          open
          title={t(asksToCancel ? 'console.orders.askCancel' : 'console.orders.cancel')}
          question={t(asksToCancel ? 'console.orders.askCancelQuestion' : 'console.orders.cancelQuestion')}
          okText={t(asksToCancel ? 'console.orders.askCancel' : 'console.orders.cancel')}
          danger
          fields={[{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }]}
          schema={() => import('@shop/contract/orders').then((m) => m.adminCancelOrder.body!)}
          toBody={(v) => ({ id, reason: v.reason ?? '' })}
          send={(_v, key, body) => call(cancelOrderRoute, body, { idempotencyKey: key })}
          invalidates={[adminGetOrder, adminListOrders, remindersRoute, dashboardRoute]}
          onClose={() => setCancelling(false)}
        />
      )}
      {o.packages.length > 0 && (
        <Card ref={packagesRef} tabIndex={-1} role="region" aria-label={t('console.orders.packages')} size="small" title={t('console.orders.packages')}>
          <FramedTable
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={o.packages}
            columns={[
              { title: t('console.orders.packageId'), dataIndex: 'id', render: (v: number) => `#${v}` },
              { title: t('console.orders.carrier'), dataIndex: 'carrier' },
              { title: t('console.orders.trackingNumber'), dataIndex: 'tracking_number' },
              { title: t('console.orders.lines'), key: 'lines', render: (_, p) => p.lines.map((l) => `${l.name} × ${l.num}`).join(', ') },
              { title: t('console.common.status'), dataIndex: 'status', render: (v: string) => <StatusTag status={v} /> },
              { title: t('console.orders.latest'), key: 'latest', render: (_, p) => (p.latest ? `${formatCellDate(p.latest.time)} · ${p.latest.text}` : '—') },
              // Pinned to the frame's right edge: in a narrow drawer the other columns scroll beneath the button, never the button past the edge.
              ...(can('orders.fulfil') && o.packages.some((p) => p.status !== 'delivered')
                ? [
                    actionsColumn<(typeof o.packages)[number]>(t, {
                      key: 'a',
                      render: (_, p) =>
                        p.status !== 'delivered' ? (
                          <Button size="small" onClick={() => event.setValue('package_id', p.id)} data-testid={`add-event-${p.id}`}>
                            {t('console.orders.addEvent')}
                          </Button>
                        ) : null,
                    }),
                  ]
                : []),
            ]}
          />
        </Card>
      )}
      {canShip && (
        <Card size="small" title={t('console.orders.ship')}>
          <Form layout="inline" component="div">
            <Controller
              name="carrier"
              control={ship.control}
              render={({ field, fieldState }) => (
                <FieldItem label={t('console.orders.carrier')} error={fieldState.error && t('console.orders.carrierRequired')}>
                  <CarrierPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
                </FieldItem>
              )}
            />
            <Controller
              name="tracking_number"
              control={ship.control}
              render={({ field, fieldState }) => (
                <FieldItem label={t('console.orders.trackingNumber')} error={fieldState.error && t(field.value.trim() ? 'console.orders.trackingInvalid' : 'console.orders.trackingRequired')}>
                  <Input {...field} data-testid="tracking-number" style={{ width: 200, maxWidth: '100%' }} />
                </FieldItem>
              )}
            />
            <Popconfirm title={t('console.orders.shipQuestion')} okText={t('console.common.confirm')} cancelText={t('console.common.cancel')} onConfirm={() => void ship.handleSubmit(shipPackage)()}>
              <Button type="primary" loading={shipping.isPending} data-testid="ship">
                {t('console.orders.ship')}
              </Button>
            </Popconfirm>
          </Form>
          {emptyPackage && (
            <Typography.Text type="danger" id="ship-empty" role="alert">
              {t('console.orders.packageEmpty')}
            </Typography.Text>
          )}
          {shipping.isError && <Alert style={{ marginTop: 8 }} type="error" showIcon title={shipping.error.message} />}
        </Card>
      )}
      {!canShip && o.status === 'shipped' && <Typography.Text type="secondary">{t('console.orders.nothingToShip')}</Typography.Text>}
      {can('orders.fulfil') && (o.packages.some((p) => p.status !== 'delivered') || lastPackage) && (
        <Card size="small" title={t('console.orders.addEvent')}>
          <Form layout="vertical" component="div">
            <Space wrap align="end">
              <Controller
                name="package_id"
                control={event.control}
                render={({ field, fieldState }) => (
                  <FieldItem label={t('console.orders.packageId')} error={fieldState.error && t('console.orders.packageRequired')}>
                    <InputNumber<number> min={1} value={field.value as number | undefined} onChange={(v) => field.onChange(v ?? undefined)} data-testid="package-id" />
                  </FieldItem>
                )}
              />
              <Controller
                name="place"
                control={event.control}
                render={({ field }) => (
                  <FieldItem label={t('console.orders.place')}>
                    <Input {...field} style={{ width: 180, maxWidth: '100%' }} />
                  </FieldItem>
                )}
              />
              <Controller
                name="text"
                control={event.control}
                render={({ field, fieldState }) => (
                  <FieldItem label={t('console.orders.text')} error={fieldState.error && t('console.auth.required')}>
                    <Input {...field} style={{ width: 260, maxWidth: '100%' }} data-testid="event-text" />
                  </FieldItem>
                )}
              />
              <Form.Item>
                <Controller name="delivered" control={event.control} render={({ field }) => <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)}>{t('console.orders.delivered')}</Checkbox>} />
              </Form.Item>
              <Form.Item>
                <Button onClick={() => void event.handleSubmit((v) => adding.mutate(v))()} loading={adding.isPending} data-testid="add-event">
                  {t('console.orders.addEvent')}
                </Button>
              </Form.Item>
            </Space>
          </Form>
          {adding.isError && <Alert type="error" showIcon title={adding.error.message} />}
        </Card>
      )}
      <Card size="small" title={t('console.orders.events')}>
        <Timeline items={o.events.map((e, i) => ({ key: i, content: orderEventLine(t, e) }))} />
      </Card>
    </Space>
  );
}

export default function Orders() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>('paid');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const filters = { status: status === 'all' ? undefined : (status as Summary['status']), q: search || undefined, ...(sort as object) };
  const query = useEndpointQuery(adminListOrders, { ...paging, ...filters }, { placeholderData: keepPreviousData });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <StateTabs
        label={t('console.common.status')}
        value={status}
        options={[{ value: 'all', label: t('console.common.all') }, ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`console.status.${s}`) }))]}
        onChange={(v) => {
          setStatus(v);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <QueryTable<Summary>
        query={query}
        toolbar={
          <Input.Search
            allowClear
            enterButton={t('console.common.search')}
            placeholder={t('console.orders.search')}
            style={{ width: 360, maxWidth: '100%' }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="order-search"
          />
        }
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
        exportCsv={{ list: adminListOrders, query: filters }}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })}
        columns={[
          { title: t('console.orders.orderNo'), dataIndex: 'order_no', key: 'id', sorter: true },
          { title: t('console.common.member'), dataIndex: 'user_id', render: (v: number, r) => `${r.user_name} #${v}` },
          { title: t('console.orders.total'), key: 'total', sorter: true, align: 'right', render: (_, r) => formatMoney(r.total, r.currency) },
          { title: t('console.orders.orderedAt'), dataIndex: 'created_at', sorter: true, render: (v: string) => formatCellDate(v) },
          { title: t('console.orders.paidAt'), dataIndex: 'paid_at', sorter: true, render: (v: string | null) => formatCellDate(v) },
          { title: t('console.orders.reminded'), dataIndex: 'last_reminded_at', sorter: true, render: (v: string | null) => (v ? formatCellDate(v) : '') },
          { title: t('console.common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
          { title: t('console.common.actions'), key: 'a', render: (_, r) => <Button size="small" onClick={() => setOpen(r.id)} data-testid={`order-${r.id}`}>{t('console.common.details')}</Button> },
        ]}
      />
      <ModalDrawer open={open !== null} size={880} title={t('console.common.details')} onClose={() => setOpen(null)} destroyOnHidden>
        {open !== null && <OrderDetail id={open} onPackage={() => undefined} />}
      </ModalDrawer>
    </Space>
  );
}
