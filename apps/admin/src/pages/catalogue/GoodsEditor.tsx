import type { adminGoodsSchema, saveGoodsBody, stockAdjustmentSchema } from '@shop/contract/catalogue';
import {
  Alert, App as AntApp, Button, Card, Checkbox, Col, Flex, Form, Image, Input, InputNumber, Popconfirm, Row, Select, Skeleton, Space, Switch, TreeSelect, Typography, Upload,
} from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { get, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { DecisionModal } from '../../components/DecisionModal';
import { FramedTable, QueryTable } from '../../components/QueryTable';
import { call } from '../../lib/request';
import { FormField, filledTexts, useConsoleForm, type FieldControlProps } from '../../lib/form';
import { formatCellDate, formatNumber } from '../../lib/format';
import { amountOf, amountText } from '../../lib/money';
import { adjustStockRoute, goodsListRoute, goodsRoute, saveGoodsRoute, stockAdjustmentsRoute } from '../../lib/routes-catalogue';
import { categoryTree, useCategories } from './Categories';
import { LanguagePicker, LanguageTexts, editorLanguages, nameIn, useShownLanguages } from '../../components/LanguageTexts';
import { combinations, Options, type Spec } from './Options';
import { RichTexts } from '../../components/RichTexts';
import { SaveRefused } from '../../components/SaveRefused';
import { usePictureUpload } from '../../lib/upload';

type Goods = z.infer<typeof adminGoodsSchema>;
type Adjustment = z.infer<typeof stockAdjustmentSchema>;
type Texts = Partial<Record<string, string>>;
interface SkuValues {
  id?: number;
  spec_value_ids: number[];
  price: string;
  market_price?: string;
  pv?: number;
  weight_g?: number;
  image?: string;
  stock: number;
}
interface Values {
  category_id: number;
  currency: string;
  on_sale: boolean;
  shelves: Array<'is_hot' | 'is_new' | 'is_recommend'>;
  sort: number;
  warranty_months: number;
  market_price?: string;
  name: Texts;
  subtitle: Texts;
  description: Texts;
  images: string[];
  skus: SkuValues[];
  reason?: string;
}

const CURRENCIES = ['USD', 'CNY', 'TWD', 'JPY', 'MYR', 'HUF', 'IDR', 'KHR', 'THB', 'EUR', 'SGD', 'HKD'];

function toValues(g: Goods): Values {
  return {
    category_id: g.category_id,
    currency: g.currency,
    on_sale: g.status === 'on_sale',
    shelves: (['is_hot', 'is_new', 'is_recommend'] as const).filter((k) => g[k]),
    sort: g.sort,
    warranty_months: g.warranty_months,
    market_price: amountText(g.market_price, g.currency),
    name: g.name,
    subtitle: g.subtitle,
    description: g.description,
    images: g.images,
    skus: g.skus.map((s) => ({ id: s.id, spec_value_ids: s.spec_value_ids, price: amountText(s.price, g.currency), market_price: amountText(s.market_price, g.currency), pv: s.pv, weight_g: s.weight_g, image: s.image, stock: s.stock })),
  };
}

const blank = (categoryId?: number): Partial<Values> => ({
  category_id: categoryId,
  currency: 'USD',
  on_sale: false,
  shelves: [],
  sort: 0,
  warranty_months: 0,
  name: {},
  subtitle: {},
  description: {},
  images: [],
  skus: [{ spec_value_ids: [], price: '', pv: 0, weight_g: 500, stock: 0 }],
});

/** The text of an SKU's options (“Large / Red”) in the console's language. */
function optionText(specs: Spec[], ids: number[], lang: string): string {
  if (ids.length === 0) return '—';
  return ids.map((vid, i) => nameIn(specs[i]?.values.find((v) => v.id === vid)?.name ?? {}, lang)).join(' / ');
}

/** A picture's button: a label longer than the picture ("Jadikan sampul") goes on two lines, inside it. */
const PICTURE_BUTTON = { whiteSpace: 'normal', height: 'auto' } as const;

/** The goods' pictures with their buttons: a group, named by its card's title, its refusal read with it. */
function Pictures({ value = [], onChange, ...control }: { value?: string[]; onChange?: (v: string[]) => void; 'aria-label'?: string } & Partial<FieldControlProps>) {
  const { t } = useTranslation();
  const upload = usePictureUpload((uploaded) => onChange?.([...value, uploaded.url]));
  return (
    <Space {...control} role="group" wrap align="start">
      {value.map((src, i) => (
        <Space key={src} orientation="vertical" size={4} style={{ width: 104, maxWidth: '100%' }} data-testid="picture">
          <Image src={src} width={104} height={104} style={{ objectFit: 'cover', borderRadius: 6, outline: i === 0 ? '2px solid #1f6feb' : undefined }} alt="" />
          {/* One under the other, as wide as the picture: side by side they ran over the next picture's buttons. */}
          <Flex vertical gap={4}>
            {i > 0 && (
              <Button size="small" block style={PICTURE_BUTTON} onClick={() => onChange?.([src, ...value.filter((x) => x !== src)])}>
                {t('console.catalogue.editor.makeCover')}
              </Button>
            )}
            <Button size="small" block danger style={PICTURE_BUTTON} onClick={() => onChange?.(value.filter((x) => x !== src))}>
              {t('console.catalogue.editor.remove')}
            </Button>
          </Flex>
        </Space>
      ))}
      {value.length < 9 && (
        <Upload
          accept="image/jpeg,image/png,image/gif,image/webp"
          showUploadList={false}
          customRequest={upload.customRequest}
        >
          <Button loading={upload.busy} style={{ width: 104, maxWidth: '100%', height: 104 }} data-testid="upload-picture">
            {t('console.catalogue.editor.upload')}
          </Button>
        </Upload>
      )}
    </Space>
  );
}

function StockHistory({ goodsId }: { goodsId: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const query = useEndpointQuery(stockAdjustmentsRoute, { goods_id: goodsId, ...paging }, { placeholderData: keepPreviousData });
  return (
    <Card size="small" title={t('console.catalogue.editor.history')}>
      <QueryTable<Adjustment>
        query={query}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        columns={[
          { title: t('console.audit.time'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v) },
          // An SKU by its options in the operator's language, as the editor names it; by its number when it has none (or is gone).
          { title: 'SKU', key: 'sku', render: (_, a) => a.sku_spec || `#${a.sku_id}` },
          { title: t('console.catalogue.editor.delta'), dataIndex: 'delta', align: 'right', render: (d: number) => (d > 0 ? `+${formatNumber(d)}` : formatNumber(d)) },
          { title: t('console.catalogue.editor.after'), dataIndex: 'stock_after', align: 'right', render: (n: number) => formatNumber(n) },
          { title: t('console.common.reason'), dataIndex: 'reason' },
          { title: t('console.catalogue.editor.by'), dataIndex: 'operator' },
        ]}
      />
    </Card>
  );
}

type Body = z.output<typeof saveGoodsBody>;

/** Minor units of an optional amount typed in the currency's major units (none: 0); not a number when it is not one (the schema refuses it). */
const optionalAmount = (s: string | undefined | null, currency: string): number => (s?.trim() ? amountOf(s, currency) : 0);

/** Creates or edits goods: names and descriptions in several languages side by side, pictures, SKUs with price, PV and stock, on/off sale. */
export default function GoodsEditor() {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id && params.id !== 'new' ? Number(params.id) : undefined;
  const categories = useCategories();
  const [shown, setShown] = useShownLanguages();
  const [specs, setSpecs] = useState<Spec[]>([]);
  const [adjusting, setAdjusting] = useState<number | null>(null);
  // The version the form was filled from: a save names it, so one from a copy changed since is refused rather than undoing that change.
  const loaded = useRef<string | undefined>(undefined);
  const goods = useEndpointQuery(goodsRoute, { id: id! }, { enabled: id !== undefined });
  const form = useConsoleForm<Values, Body>({
    schema: () => import('@shop/contract/catalogue').then((m) => m.saveGoodsBody),
    defaultValues: blank() as Values,
    toBody: (v) => ({
      id,
      base_updated_at: id === undefined ? undefined : loaded.current,
      category_id: v.category_id,
      name: filledTexts(v.name),
      subtitle: filledTexts(v.subtitle),
      description: filledTexts(v.description),
      images: v.images ?? [],
      currency: v.currency,
      market_price: optionalAmount(v.market_price, v.currency),
      status: v.on_sale ? 'on_sale' : 'off_sale',
      is_hot: v.shelves.includes('is_hot'),
      is_new: v.shelves.includes('is_new'),
      is_recommend: v.shelves.includes('is_recommend'),
      sort: v.sort ?? 0,
      warranty_months: v.warranty_months ?? 0,
      specs,
      skus: v.skus.map((s) => ({
        id: s.id,
        spec_value_ids: s.spec_value_ids ?? [],
        price: amountOf(s.price, v.currency),
        market_price: optionalAmount(s.market_price, v.currency),
        pv: s.pv ?? 0,
        weight_g: s.weight_g ?? 500,
        image: s.image ?? '',
        stock: s.id === undefined ? (s.stock ?? 0) : 0,
      })),
      reason: v.reason?.trim() || undefined,
    }),
  });
  const skuRows = useFieldArray({ control: form.control, name: 'skus', keyName: 'key' });
  const currency = useWatch({ control: form.control, name: 'currency' }) ?? 'USD';

  /** Fills the form from the goods as read (or as a save answered), and names that version in the next save. */
  const fill = (g: Goods) => {
    loaded.current = g.updated_at;
    form.reset(toValues(g));
    setSpecs(g.specs);
  };
  // The form is filled when goods are opened, on Refresh and from a save's answer, never by a read in the
  // background (window focus, a stock adjustment, another operator's change): what is typed stays, and a
  // save from it still names the version opened, so the server can refuse it as stale.
  const opened = id === undefined ? `new:${categories.data ? 1 : 0}` : goods.data ? `${goods.data.id}` : '';
  useEffect(() => {
    if (!opened) return;
    if (id === undefined) {
      loaded.current = undefined;
      form.reset(blank(categories.data?.list[0]?.id) as Values);
      setSpecs([]);
    } else if (goods.data) fill(goods.data);
  }, [opened]);
  /** Refresh after a refusal: the goods read again and the form refilled from them. */
  const reload = async () => {
    const again = (await goods.refetch()).data;
    if (again) fill(again);
  };

  // One idempotency key per body sent (useEndpointMutation's own): a form corrected after a refusal is a new request.
  const save = useEndpointMutation(saveGoodsRoute, {
    invalidates: [goodsRoute, goodsListRoute],
    onSuccess: (saved) => {
      // The form is now the goods as saved (new SKUs with their ids, a PV raise waiting shows the PV in force), from this version.
      fill(saved);
      // A PV raise is value given on every unit sold: the rest is saved, the raise waits for a second operator.
      if (saved.pv_asked.length) message.info(t('console.catalogue.editor.pvSentForApproval', { ids: saved.pv_asked.map((n) => `#${n}`).join(', ') }));
      else message.success(t('console.catalogue.editor.saved'));
      form.setValue('reason', '');
      if (id === undefined) navigate(`/catalogue/goods/${saved.id}`, { replace: true });
    },
  });

  /** One SKU row per combination of the options' values: rows already there keep what they hold. */
  const makeSkus = () => {
    const rows = form.getValues('skus') ?? [];
    const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    skuRows.replace(combinations(specs).map((ids) => rows.find((r) => same(r.spec_value_ids ?? [], ids)) ?? { spec_value_ids: ids, price: '', pv: 0, weight_g: 500, stock: 0 }));
  };

  if (id !== undefined && goods.isError) return <Alert type="error" showIcon title={t('console.common.error')} description={goods.error.message} action={<Button onClick={() => void goods.refetch()}>{t('console.common.retry')}</Button>} />;
  if (id !== undefined && !goods.data) return <Skeleton active />;
  const g = goods.data;
  /** The PV raise of an SKU waiting for a second operator (its field shows the PV in force). */
  const pvWaiting = (skuId: number | undefined) => {
    const r = g?.pv_requests.find((p) => p.what?.key === 'sku_pv' && p.what.sku_id === skuId);
    return r?.what?.key === 'sku_pv' ? { id: r.id, to: r.what.to } : undefined;
  };
  // Every language the goods already has text in is shown with the operator's choice: a Thai or Hungarian name is never hidden.
  const { shown: visible, kept, choose } = editorLanguages(shown, setShown, ...(g ? [g.name, g.subtitle, g.description, ...g.specs.flatMap((s) => [s.name, ...s.values.map((v) => v.name)])] : []));
  const required = t('console.catalogue.editor.required');
  /** The refusal under an SKU's list price: below its price says so (the contract's check), anything else "not valid". */
  const listPriceMessage = (index: number) =>
    (get(form.formState.errors, `skus.${index}.market_price`) as { message?: string } | undefined)?.message === 'admin.validation.listPriceBelowPrice' ? t('console.catalogue.editor.listPriceBelowPrice') : undefined;
  return (
    <Form layout="vertical" component="div" data-testid="goods-editor">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {/* On a narrow screen the reason and Save go under the heading (squeezed beside it, the heading stood a letter a line). */}
        <Flex wrap gap="small" align="center" justify="space-between">
          <Flex wrap gap="small" align="center">
            <Button onClick={() => navigate('/catalogue/goods')}>{t('console.catalogue.editor.back')}</Button>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {id === undefined ? t('console.catalogue.editor.titleNew') : t('console.catalogue.editor.titleEdit', { id })}
            </Typography.Title>
          </Flex>
          {/* Up to 440 px wide, down to the screen's width: the reason takes what Save leaves. */}
          <Flex gap="small" style={{ flex: '1 1 280px', maxWidth: 440, minWidth: 0 }}>
            <FormField form={form} name="reason" noStyle>
              <Input placeholder={t('console.catalogue.editor.reasonOptional')} maxLength={300} style={{ flex: 1, minWidth: 0 }} data-testid="save-reason" />
            </FormField>
            {/* Under Save, its right edge at Save's: Save ends the row at the page's margin, and a bubble centred on it touched the window's edge. */}
            <Popconfirm
              placement="bottomRight"
              title={id === undefined ? t('console.catalogue.editor.createQuestion') : t('console.catalogue.editor.saveQuestion')}
              okText={t('console.common.confirm')}
              cancelText={t('console.common.cancel')}
              okButtonProps={{ 'data-testid': 'confirm-save' } as never}
              onConfirm={() => void form.submit((body) => save.mutate(body))()}
            >
              <Button type="primary" loading={save.isPending} data-testid="save-goods">
                {t('console.catalogue.editor.save')}
              </Button>
            </Popconfirm>
          </Flex>
        </Flex>
        {/* Changed by someone else since it was opened: start again from the goods as they are now. */}
        <SaveRefused error={save.error} onReload={() => (save.reset(), void reload())} reloadTestId="reload-goods" testId="save-refused" />
        {form.unshown && <Alert type="error" showIcon title={form.unshown} />}

        <Card size="small" title={t('console.catalogue.editor.basics')}>
          <Row gutter={16}>
            {/* A whole row each on a phone, two a row on a tablet: a sixth of a phone left the currency blank and the price cut. */}
            <Col xs={24} md={12} lg={8}>
              <FormField form={form} name="category_id" label={t('console.catalogue.goods.category')} message={required} required>
                <TreeSelect treeDefaultExpandAll treeData={categoryTree(categories.data?.list ?? [], i18n.language)} />
              </FormField>
            </Col>
            <Col xs={24} sm={12} md={6} lg={4}>
              <FormField form={form} name="currency" label={t('console.catalogue.editor.currency')} required>
                <Select options={[...new Set([...(g ? [g.currency] : []), ...CURRENCIES])].map((c) => ({ value: c, label: c }))} />
              </FormField>
            </Col>
            <Col xs={24} sm={12} md={6} lg={4}>
              <FormField form={form} name="market_price" label={t('console.catalogue.goods.marketPrice')}>
                <InputNumber<string> stringMode min="0" style={{ width: '100%' }} />
              </FormField>
            </Col>
            <Col xs={24} sm={12} lg={4}>
              <FormField form={form} name="sort" label={t('console.catalogue.editor.sort')}>
                <InputNumber min={-100000} max={100000} precision={0} style={{ width: '100%' }} />
              </FormField>
            </Col>
            <Col xs={24} sm={12} lg={4}>
              <FormField form={form} name="on_sale" label={t('console.catalogue.goods.status.on_sale')} valuePropName="checked">
                <Switch data-testid="on-sale" />
              </FormField>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={16}>
              <FormField form={form} name="shelves" label={t('console.catalogue.editor.flags')} style={{ marginBottom: 0 }}>
                <Checkbox.Group
                  options={[
                    { value: 'is_hot', label: t('console.catalogue.editor.hot') },
                    { value: 'is_new', label: t('console.catalogue.editor.isNew') },
                    { value: 'is_recommend', label: t('console.catalogue.editor.recommend') },
                  ]}
                />
              </FormField>
            </Col>
            <Col xs={24} md={8}>
              <FormField form={form} name="warranty_months" label={t('console.catalogue.editor.warrantyMonths')} style={{ marginBottom: 0 }}>
                <InputNumber min={0} max={120} precision={0} style={{ width: '100%' }} data-testid="warranty-months" />
              </FormField>
            </Col>
          </Row>
        </Card>

        <Card size="small" title={t('console.catalogue.editor.texts')}>
          {/* In the body, where its nine choices wrap, not beside the title (which it squeezed to one letter). */}
          <LanguagePicker shown={visible} kept={kept} onChange={choose} />
          <Typography.Paragraph type="secondary">{t('console.catalogue.english')}</Typography.Paragraph>
          <LanguageTexts
            form={form}
            shown={visible}
            fields={[
              { name: 'name', label: t('console.catalogue.goods.name'), max: 120 },
              { name: 'subtitle', label: t('console.catalogue.goods.subtitle'), max: 200 },
            ]}
          />
        </Card>

        <Card size="small" title={t('console.catalogue.editor.description')}>
          <RichTexts form={form} name="description" label={t('console.catalogue.editor.description')} shown={visible} />
        </Card>

        <Card size="small" title={t('console.catalogue.editor.images')}>
          <Typography.Paragraph type="secondary">{t('console.catalogue.editor.imagesHint')}</Typography.Paragraph>
          <FormField form={form} name="images" message={t('console.catalogue.editor.noImages')} style={{ marginBottom: 0 }} group>
            <Pictures aria-label={t('console.catalogue.editor.images')} />
          </FormField>
        </Card>

        <Card
          size="small"
          title={t('console.catalogue.editor.options')}
          extra={
            <Button onClick={makeSkus} data-testid="make-skus">
              {t('console.catalogue.editor.makeSkus')}
            </Button>
          }
        >
          <Options specs={specs} shown={visible} onChange={setSpecs} />
        </Card>

        <Card size="small" title={t('console.catalogue.editor.skus')}>
          <FramedTable
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={skuRows.fields.map((f, index) => ({ ...f, index }))}
            columns={[
              { title: t('console.catalogue.editor.spec'), key: 'spec', render: (_, f) => optionText(specs, f.spec_value_ids ?? [], i18n.language) },
              {
                title: `${t('console.catalogue.goods.price')} (${currency})`,
                key: 'price',
                render: (_, f) => (
                  <FormField form={form} name={`skus.${f.index}.price`} message={required} style={{ marginBottom: 0 }}>
                    <InputNumber<string> stringMode min="0" style={{ width: 130, maxWidth: '100%' }} data-testid={`sku-price-${f.index}`} />
                  </FormField>
                ),
              },
              {
                title: `${t('console.catalogue.goods.marketPrice')} (${currency})`,
                key: 'market',
                render: (_, f) => (
                  <FormField form={form} name={`skus.${f.index}.market_price`} message={listPriceMessage(f.index)} style={{ marginBottom: 0 }}>
                    <InputNumber<string> stringMode min="0" style={{ width: 130, maxWidth: '100%' }} data-testid={`sku-market-price-${f.index}`} />
                  </FormField>
                ),
              },
              {
                title: t('console.catalogue.editor.pv'),
                key: 'pv',
                render: (_, f) => {
                  const waiting = pvWaiting(f.id);
                  return (
                    <Space orientation="vertical" size={2}>
                      <FormField form={form} name={`skus.${f.index}.pv`} style={{ marginBottom: 0 }}>
                        <InputNumber min={0} precision={0} style={{ width: 100, maxWidth: '100%' }} data-testid={`sku-pv-${f.index}`} />
                      </FormField>
                      {waiting && (
                        <Typography.Text type="warning" style={{ fontSize: 12 }} data-testid={`pv-waiting-${f.id}`}>
                          {t('console.catalogue.editor.pvWaiting', { pv: formatNumber(waiting.to), id: waiting.id })}
                        </Typography.Text>
                      )}
                    </Space>
                  );
                },
              },
              {
                title: t('console.catalogue.editor.weight'),
                key: 'weight',
                render: (_, f) => (
                  <FormField form={form} name={`skus.${f.index}.weight_g`} style={{ marginBottom: 0 }}>
                    <InputNumber min={1} precision={0} style={{ width: 100, maxWidth: '100%' }} />
                  </FormField>
                ),
              },
              {
                title: t('console.catalogue.goods.stock'),
                key: 'stock',
                render: (_, f) => {
                  const skuId = f.id;
                  if (skuId === undefined)
                    return (
                      <FormField form={form} name={`skus.${f.index}.stock`} style={{ marginBottom: 0 }} tooltip={t('console.catalogue.editor.initialStock')}>
                        <InputNumber min={0} precision={0} style={{ width: 100, maxWidth: '100%' }} aria-label={t('console.catalogue.editor.initialStock')} data-testid={`sku-stock-${f.index}`} />
                      </FormField>
                    );
                  return (
                    <Space>
                      <span data-testid={`stock-${skuId}`}>{formatNumber(g?.skus.find((s) => s.id === skuId)?.stock ?? 0)}</span>
                      <Button size="small" onClick={() => setAdjusting(skuId)} data-testid={`adjust-${skuId}`}>
                        {t('console.catalogue.editor.adjust')}
                      </Button>
                    </Space>
                  );
                },
              },
            ]}
          />
        </Card>
        {id !== undefined && <StockHistory goodsId={id} />}
      </Space>
      {adjusting !== null && id !== undefined && (
        <DecisionModal
          open
          title={t('console.catalogue.editor.adjust')}
          question={t('console.catalogue.editor.adjustQuestion')}
          okText={t('console.catalogue.editor.adjust')}
          fields={[
            { name: 'delta', label: t('console.catalogue.editor.delta'), required: true, message: t('console.catalogue.editor.deltaInvalid') },
            { name: 'reason', label: t('console.common.reason'), required: true, multiline: true },
          ]}
          schema={() => import('@shop/contract/catalogue').then((m) => m.adjustStockBody)}
          toBody={(v) => ({ sku_id: adjusting, delta: /^[+-]?\d+$/.test((v.delta ?? '').trim()) ? Number(v.delta) : Number.NaN, reason: v.reason ?? '' })}
          send={(_v, idempotencyKey, body) => call(adjustStockRoute, body, { idempotencyKey: idempotencyKey })}
          invalidates={[goodsRoute, stockAdjustmentsRoute, goodsListRoute]}
          onClose={() => setAdjusting(null)}
        />
      )}
    </Form>
  );
}
