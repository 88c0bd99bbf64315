import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Stepper, TextArea } from 'antd-mobile';
import { ChoiceChips } from '@/components/choice-chips';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { AFTER_SALE_DESCRIPTION_MAX, type AfterSaleKind } from '@shop/contract/after-sales';
import { paths } from '@/config/paths';
import { Amount } from '@/components/amount';
import { formatDate } from '@/lib/format';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useMediaPicker } from '@/components/shell/media-picker';
import { useNavigate, useSearchParams } from '@/lib/router';
import { showToast } from '@/lib/toast';
import { uploadFile } from '@/lib/upload';
import { useApplyInfo, useExchangeTargets, useSubmitCase } from '../api/after-sales';
import '../after-sales.css';
import { useTranslation } from '@/lib/i18n';

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const MAX_VIDEO_BYTES = 10 * 1024 * 1024;

/** A video's length in seconds, read by the browser from the file (undefined when it cannot be read). */
const videoSeconds = (file: File) =>
  new Promise<number | undefined>((resolve) => {
    const v = document.createElement('video');
    v.preload = 'metadata';
    const url = URL.createObjectURL(file);
    const done = (s: number | undefined) => {
      URL.revokeObjectURL(url);
      resolve(s);
    };
    v.onloadedmetadata = () => done(Number.isFinite(v.duration) ? v.duration : undefined);
    v.onerror = () => done(undefined);
    v.src = url;
  });

/** The SKU a line is exchanged to: the same goods at the same price, in stock (the bought one by default). */
function ExchangeTarget({ lineId, shop, value, onChange }: { lineId: number; shop: boolean; value: number | undefined; onChange: (skuId: number) => void }) {
  const { t } = useTranslation();
  const targets = useExchangeTargets(lineId, true, shop);
  const list = targets.data?.list ?? [];
  if (list.length < 2) return null;
  return (
    <div className="as-exchange-target">
      <div className="as-muted">{t('afterSales.app.exchangeTo')}</div>
      <ChoiceChips label={t('afterSales.app.exchangeTo')} columns={3} value={value} onChange={onChange} options={list.map((s) => ({ label: s.spec_text || `#${s.sku_id}`, value: s.sku_id }))} />
    </div>
  );
}

/**
 * `pages/order/realSale`: choose lines and units, the kind, the reason, words and evidence; a return
 * shows its refund estimate. The order is a regular one (`order_id`) or a member-shop order (`shop_order_id`).
 */
export default function ApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shopOrderId = Number(params.get('shop_order_id')) || 0;
  const orderId = shopOrderId ? 0 : Number(params.get('order_id')) || 0;
  const named = useMemo(() => (shopOrderId ? { shop_order_id: shopOrderId } : { order_id: orderId }), [orderId, shopOrderId]);
  const known = orderId > 0 || shopOrderId > 0;
  const apply = useApplyInfo();
  const key = useRef(crypto.randomUUID());
  const submit = useSubmitCase(key.current);
  const [kind, setKind] = useState<AfterSaleKind | undefined>();
  const [qty, setQty] = useState<Record<number, number>>({});
  const [targets, setTargets] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<string | undefined>();
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [video, setVideo] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const { mutate } = apply;
  useEffect(() => {
    if (known) mutate(named);
  }, [known, named, mutate]);
  const info = apply.data;
  useEffect(() => {
    if (info && !kind && info.kinds[0]) setKind(info.kinds[0]);
  }, [info, kind]);
  const lines = useMemo(() => (info && kind ? info.lines.filter((l) => l.kinds.includes(kind)) : []), [info, kind]);
  const reasons = info?.reasons.filter((r) => r.kind === kind) ?? [];
  const estimate = kind === 'return' ? lines.reduce((s, l) => s + (l.left ? Math.floor((l.refundable * (qty[l.order_line_id] ?? 0)) / l.left) : 0), 0) : 0;

  // The case's limits as the server states them (its defaults until it has answered).
  const maxImages = info?.max_images ?? 9;
  const maxVideoSeconds = info?.max_video_seconds ?? 60;

  const addFile = async (file: File) => {
    const isVideo = file.type.startsWith('video/');
    if (isVideo) {
      if (video) return showToast(t('afterSales.app.oneVideo'));
      if (file.size > MAX_VIDEO_BYTES) return showToast(t('afterSales.app.videoTooLarge'));
      const seconds = await videoSeconds(file);
      if (seconds === undefined || seconds > maxVideoSeconds) return showToast(t('afterSales.app.videoTooLong', { max: maxVideoSeconds }));
    } else {
      if (images.length >= maxImages) return showToast(t('afterSales.app.tooManyImages', { max: maxImages }));
      if (file.size > MAX_IMAGE_BYTES) return showToast(t('afterSales.app.imageTooLarge'));
    }
    setUploading(true);
    try {
      const done = await uploadFile(file);
      if (done.kind === 'video') setVideo(done.url);
      else setImages((x) => [...x, done.url]);
    } catch {
      // The upload's own message was shown.
    } finally {
      setUploading(false);
    }
  };

  // The shell's camera and gallery in the app, the browser's file choice elsewhere; files added one after another.
  const picker = useMediaPicker({
    kind: 'any',
    max: maxImages,
    label: t('afterSales.app.addEvidenceLabel'),
    onPick: (files) => {
      // As many pictures as there is room for, and one video: more would each be refused.
      const room = maxImages - images.length;
      const pictures = files.filter((f) => !f.type.startsWith('video/'));
      const taken = [...pictures.slice(0, Math.max(0, room)), ...files.filter((f) => f.type.startsWith('video/')).slice(0, 1)];
      if (pictures.length > room) showToast(t('afterSales.app.tooManyImages', { max: maxImages }));
      void taken.reduce((done, f) => done.then(() => addFile(f)), Promise.resolve());
    },
  });

  const send = async () => {
    if (!kind) return;
    const chosen = lines
      .filter((l) => (qty[l.order_line_id] ?? 0) > 0)
      .map((l) => ({ order_line_id: l.order_line_id, qty: qty[l.order_line_id]!, ...(kind === 'exchange' && targets[l.order_line_id] ? { exchange_sku_id: targets[l.order_line_id] } : {}) }));
    if (!chosen.length) return showToast(t('afterSales.code.afterSaleNoLines'));
    if (!reason) return showToast(t('afterSales.app.chooseReason'));
    try {
      const created = await submit.mutateAsync({ ...named, kind, lines: chosen, reason_id: reason, description, images, ...(video ? { video } : {}) });
      showToast(t('afterSales.app.submitted'));
      navigate(`${paths.order.afterSaleDetails}?id=${created.case_id}`, { replace: true });
    } catch {
      // The refusal was shown.
    }
  };

  return (
    <div className="page after-sales-page as-apply-page">
      <PageHeader title={t('app.page.afterSaleApply')} />
      <ListState loading={(apply.isPending || apply.isIdle) && known} error={apply.isError || !known} failure={apply.error} empty={false} onRetry={() => mutate(named)}>
        {info && info.kinds.length === 0 && (
          <section className="as-section" role="status">
            {t('afterSales.code.afterSaleNotAllowed')}
          </section>
        )}
        {info && info.kinds.length > 0 && (
          <>
            <section className="as-section">
              <div className="as-title">{t('afterSales.app.kind')}</div>
              <ChoiceChips label={t('afterSales.app.kind')} columns={3} value={kind} onChange={(k) => (setKind(k), setReason(undefined))} options={info.kinds.map((k) => ({ label: t(`afterSales.kind.${k}`), value: k }))} />
              {kind !== 'warranty' && info.deadlines[kind === 'exchange' ? 'exchange' : 'return'] && (
                <div className="as-muted">{t('afterSales.app.deadline', { date: formatDate(info.deadlines[kind === 'exchange' ? 'exchange' : 'return']!, { dateOnly: true }) })}</div>
              )}
            </section>
            <section className="as-section">
              <div className="as-title">{t('afterSales.app.items')}</div>
              {lines.map((l) => (
                <div className="as-line" key={l.order_line_id} data-line={l.order_line_id}>
                  <div className="as-line-body">
                    <div>{l.name}</div>
                    <div className="as-muted">
                      {l.spec_text} · {t('afterSales.app.left', { n: l.left })}
                    </div>
                  </div>
                  <Stepper min={0} max={l.left} value={qty[l.order_line_id] ?? 0} onChange={(v) => setQty((x) => ({ ...x, [l.order_line_id]: v }))} inputReadOnly aria-label={t('afterSales.app.quantityOf', { name: l.name })} />
                  {kind === 'exchange' && (qty[l.order_line_id] ?? 0) > 0 && <ExchangeTarget lineId={l.order_line_id} shop={shopOrderId > 0} value={targets[l.order_line_id] ?? l.sku_id} onChange={(sku) => setTargets((x) => ({ ...x, [l.order_line_id]: sku }))} />}
                </div>
              ))}
            </section>
            <section className="as-section">
              <div className="as-title">{t('afterSales.app.reason')}</div>
              <ChoiceChips label={t('afterSales.app.reason')} columns={2} value={reason} onChange={setReason} options={reasons.map((r) => ({ label: r.text, value: r.id }))} />
            </section>
            <section className="as-section">
              <TextArea placeholder={t('afterSales.app.description')} aria-label={t('afterSales.app.description')} maxLength={AFTER_SALE_DESCRIPTION_MAX} showCount value={description} onChange={setDescription} />
              <div className="as-evidence">
                {[...images.map((src) => ({ src, video: false })), ...(video ? [{ src: video, video: true }] : [])].map((e) => (
                  <div key={e.src} className="as-evidence-item">
                    {e.video ? <video src={e.src} muted /> : <img src={e.src} alt="" />}
                    <button type="button" className="as-evidence-remove" aria-label={t('afterSales.app.removeEvidence')} onClick={() => (e.video ? setVideo(undefined) : setImages((x) => x.filter((s) => s !== e.src)))}>
                      <CloseOutline />
                    </button>
                  </div>
                ))}
                {(images.length < info.max_images || !video) && (
                  <button type="button" className="as-evidence-add" aria-label={t('afterSales.app.addEvidenceLabel')} disabled={uploading} onClick={picker.open}>
                    <AddOutline />
                  </button>
                )}
                {picker.input}
              </div>
              <div className="as-muted">{t('afterSales.app.addEvidence', { images: info.max_images, seconds: info.max_video_seconds })}</div>
            </section>
            <div className="as-bar">
              <span>
                {kind === 'return' && (
                  <>
                    {t('afterSales.app.estimate')} <Amount className="as-refund" value={estimate} currency={info.currency} />
                  </>
                )}
              </span>
              <Button color="primary" shape="rounded" loading={submit.isPending || uploading} onClick={() => void send()}>
                {t('afterSales.app.submit')}
              </Button>
            </div>
          </>
        )}
      </ListState>
    </div>
  );
}
