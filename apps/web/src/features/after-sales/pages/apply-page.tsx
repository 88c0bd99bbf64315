import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, TextArea } from 'antd-mobile';
import { QuantityStepper } from '@/components/quantity-stepper';
import { ChoiceChips } from '@/components/choice-chips';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { AFTER_SALE_DESCRIPTION_MAX, type AfterSaleKind } from '@shop/contract/after-sales';
import { paths } from '@/config/paths';
import { Amount } from '@/components/amount';
import { formatDate } from '@/lib/format';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useMediaPicker } from '@/components/shell/media-picker';
import { CaseLine } from '../components/case-line';
import { useNavigate, useSearchParams } from '@/lib/router';
import { idParam } from '../id-param';
import { showToast } from '@/lib/toast';
import { uploadFile } from '@/lib/upload';
import { useApplyInfo, useCase, useExchangeTargets, useRefundEstimate, useResubmitCase, useSubmitCase } from '../api/after-sales';
import '../after-sales.css';
import { useTranslation } from '@/lib/i18n';
import { useDraftLeftOpen, useKeepOpenDraft } from '@/lib/open-drafts';

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

/** A record's id as the address gives it: a whole number the server could know, else 0 (none). */

/** What the form holds, kept over a reload of the page (lib/open-drafts.ts). */
interface ApplyDraft {
  kind?: AfterSaleKind;
  /** Units asked for, by order line. */
  qty: Record<number, number>;
  /** The SKU each line is exchanged to, by order line (when the member chose one). */
  targets: Record<number, number>;
  reason?: string;
  description: string;
  images: string[];
  video?: string;
}

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
 * With `case_id`, a rejected case sent again: its kind and lines as they were, its reason, words and
 * evidence filled in for the member to change before sending.
 */
export default function ApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const caseId = idParam(params.get('case_id'));
  const rejected = useCase(caseId);
  const again = caseId > 0 ? rejected.data : undefined;
  const shopOrderId = (again ? again.shop_order_id : idParam(params.get('shop_order_id'))) || 0;
  const orderId = shopOrderId ? 0 : (again ? again.order_id : idParam(params.get('order_id'))) || 0;
  const named = useMemo(() => (shopOrderId ? { shop_order_id: shopOrderId } : { order_id: orderId }), [orderId, shopOrderId]);
  const known = orderId > 0 || shopOrderId > 0;
  const apply = useApplyInfo();
  const key = useRef(crypto.randomUUID());
  const submit = useSubmitCase(key.current);
  const resubmit = useResubmitCase(key.current);
  // Everything the member gave survives a reload of the page: the kind, the units per line and what
  // each is exchanged to, the reason, words and evidence (lib/open-drafts.ts keeps it for this page's
  // address, so for this order only).
  const leftOpen = useDraftLeftOpen<ApplyDraft>('afterSale');
  const [chosenKind, setKind] = useState<AfterSaleKind | undefined>(leftOpen?.kind);
  const kind = again?.kind ?? chosenKind;
  const [qty, setQty] = useState<Record<number, number>>(leftOpen?.qty ?? {});
  const [targets, setTargets] = useState<Record<number, number>>(leftOpen?.targets ?? {});
  const [reason, setReason] = useState<string | undefined>(leftOpen?.reason);
  const [description, setDescription] = useState(leftOpen?.description ?? '');
  const [images, setImages] = useState<string[]>(leftOpen?.images ?? []);
  const [video, setVideo] = useState<string | undefined>(leftOpen?.video);
  const given = Boolean(reason || description || images.length || video || Object.values(qty).some((n) => n > 0) || Object.keys(targets).length || (chosenKind && apply.data && chosenKind !== apply.data.kinds[0]));
  useKeepOpenDraft('afterSale', given ? ({ kind: chosenKind, qty, targets, reason, description, images, video } satisfies ApplyDraft) : undefined);
  // Files on their way, each with how much of it has gone (percent).
  const [uploads, setUploads] = useState<Array<{ id: number; percent: number }>>([]);
  const uploadCount = useRef(0);
  const uploading = uploads.length > 0;
  // The rejected case's reason, words and evidence, filled in once it is read.
  const [filledFrom, setFilledFrom] = useState(leftOpen ? caseId : 0);
  if (again && filledFrom !== again.id) {
    setFilledFrom(again.id);
    setReason(again.reason_id);
    setDescription(again.description);
    setImages(again.images);
    setVideo(again.video ?? undefined);
  }
  const { mutate } = apply;
  useEffect(() => {
    if (known) mutate(named);
  }, [known, named, mutate]);
  const info = apply.data;
  useEffect(() => {
    // The first kind offered, or in place of one given before a reload that is no longer offered.
    if (info && !again && info.kinds[0] && (!kind || !info.kinds.includes(kind))) setKind(info.kinds[0]);
  }, [info, kind]);
  // A case sent again is one of its kind now (the server refuses it as it would a new one); once only.
  const allowed = info ? (again ? info.kinds.includes(again.kind) : info.kinds.length > 0) : false;
  const sentAgain = again !== undefined && !again.actions.can_resubmit;
  // Nothing left of any line and units of some booked into the member's shop: that is why, and it is said.
  const bookedAway = info ? info.lines.every((l) => l.left === 0) && info.lines.some((l) => l.booked > 0) : false;
  const lines = useMemo(() => (info && kind ? info.lines.filter((l) => l.kinds.includes(kind)) : []), [info, kind]);
  const reasons = info?.reasons.filter((r) => r.kind === kind) ?? [];
  // The estimate is the server's: what the refund would send for these units (surcharge and freight included).
  const units = (again ? again.lines.map((l) => [l.order_line_id, l.qty] as const) : lines.map((l) => [l.order_line_id, qty[l.order_line_id] ?? 0] as const)).filter(([, n]) => n > 0);
  const estimateOf = useRefundEstimate(named, units.map(([id, n]) => `${id}:${n}`).join(','), known && kind === 'return' && allowed);
  const estimate = kind === 'return' && units.length ? (estimateOf.data?.refund ?? 0) : 0;
  // The points the order spent that come back with the refund (a return of goods points paid for may refund no money).
  const pointsBack =
    kind === 'return' && units.length && estimateOf.data
      ? ([
          ['afterSales.app.estimatePoints', estimateOf.data.points],
          ['afterSales.app.estimateShoppingPoints', estimateOf.data.shopping_points],
        ] as const).filter(([, count]) => count > 0)
      : [];

  // The case's limits as the server states them (its defaults until it has answered).
  const maxImages = info?.max_images ?? 9;
  const maxVideoSeconds = info?.max_video_seconds ?? 60;

  const addFile = async (file: File) => {
    const isVideo = file.type.startsWith('video/');
    if (isVideo) {
      if (video) return showToast(t('afterSales.app.oneVideo'));
      if (file.size > MAX_VIDEO_BYTES) return showToast(t('afterSales.app.videoTooLarge'));
      const seconds = await videoSeconds(file);
      if (seconds === undefined) return showToast(t('afterSales.code.afterSaleVideoUnreadable'));
      if (seconds > maxVideoSeconds) return showToast(t('afterSales.app.videoTooLong', { max: maxVideoSeconds }));
    } else {
      if (images.length >= maxImages) return showToast(t('afterSales.app.tooManyImages', { max: maxImages }));
      if (file.size > MAX_IMAGE_BYTES) return showToast(t('afterSales.app.imageTooLarge'));
    }
    const id = ++uploadCount.current;
    setUploads((x) => [...x, { id, percent: 0 }]);
    try {
      const done = await uploadFile(file, { onProgress: (part) => setUploads((x) => x.map((u) => (u.id === id ? { ...u, percent: Math.floor(part * 100) } : u))) });
      if (done.kind === 'video') setVideo(done.url);
      else setImages((x) => [...x, done.url]);
    } catch {
      // The upload's own message was shown.
    } finally {
      setUploads((x) => x.filter((u) => u.id !== id));
    }
  };

  // The shell's camera and gallery in the app, the browser's file choice elsewhere; files added one after another.
  const picker = useMediaPicker({
    kind: 'any',
    max: maxImages,
    label: t('afterSales.app.addEvidenceLabel'),
    onPick: (files) => {
      // As many pictures as there is room for, and one video: the member is told what is left out.
      const room = Math.max(0, maxImages - images.length);
      const videoRoom = video ? 0 : 1;
      const pictures = files.filter((f) => !f.type.startsWith('video/'));
      const videos = files.filter((f) => f.type.startsWith('video/'));
      const leftOut = [...(pictures.length > room ? [t('afterSales.app.tooManyImages', { max: maxImages })] : []), ...(videos.length > videoRoom ? [t('afterSales.app.oneVideo')] : [])];
      if (leftOut.length) showToast(leftOut.join(' · '));
      const taken = [...pictures.slice(0, room), ...videos.slice(0, videoRoom)];
      void taken.reduce((done, f) => done.then(() => addFile(f)), Promise.resolve());
    },
  });

  const send = async () => {
    if (!kind) return;
    const chosen = lines
      .filter((l) => (qty[l.order_line_id] ?? 0) > 0)
      .map((l) => ({ order_line_id: l.order_line_id, qty: qty[l.order_line_id]!, ...(kind === 'exchange' && targets[l.order_line_id] ? { exchange_sku_id: targets[l.order_line_id] } : {}) }));
    if (!again && !chosen.length) return showToast(t('afterSales.code.afterSaleNoLines'));
    if (!reason) return showToast(t('afterSales.app.chooseReason'));
    const evidence = { reason_id: reason, description, images, ...(video ? { video } : {}) };
    try {
      const created = again ? await resubmit.mutateAsync({ case_id: again.id, ...evidence }) : await submit.mutateAsync({ ...named, kind, lines: chosen, ...evidence });
      showToast(t('afterSales.app.submitted'));
      navigate(`${paths.order.afterSaleDetails}?id=${created.case_id}`, { replace: true });
    } catch {
      // The refusal was shown.
    }
  };

  return (
    <div className="page after-sales-page as-apply-page">
      <PageHeader title={t('app.page.afterSaleApply')} />
      <ListState
        loading={(caseId > 0 && rejected.isPending) || ((apply.isPending || apply.isIdle) && known)}
        error={rejected.isError || apply.isError || (!known && !(caseId > 0 && rejected.isPending))}
        failure={rejected.error ?? apply.error}
        // Opened with no order (or a malformed one): the order does not exist, as the server says of an unknown one; not a network failure to retry.
        missing={caseId === 0 && !known ? t('orders.code.orderNotFound') : undefined}
        empty={false}
        onRetry={() => (rejected.isError ? void rejected.refetch() : mutate(named))}
      >
        {info && (!allowed || sentAgain) && (
          <section className="as-section" role="status">
            {t(sentAgain ? 'afterSales.code.afterSaleState' : bookedAway ? 'afterSales.app.bookedIntoShop' : 'afterSales.code.afterSaleNotAllowed')}
          </section>
        )}
        {info && allowed && !sentAgain && (
          <>
            <section className="as-section">
              <div className="as-title">{t('afterSales.app.kind')}</div>
              {again ? (
                <>
                  <div>
                    {t(`afterSales.kind.${again.kind}`)} · {again.case_no}
                  </div>
                  {again.reject_reason && <div className="as-problem">{t('afterSales.app.rejectReason', { reason: again.reject_reason })}</div>}
                </>
              ) : (
                // One column per kind offered (two kinds share the row, not a third of it each), the labels wrapping only between words.
                <div className="as-kinds">
                  <ChoiceChips label={t('afterSales.app.kind')} columns={Math.max(1, info.kinds.length)} value={kind} onChange={(k) => (setKind(k), setReason(undefined))} options={info.kinds.map((k) => ({ label: t(`afterSales.kind.${k}`), value: k }))} />
                </div>
              )}
              {!again && kind !== 'warranty' && info.deadlines[kind === 'exchange' ? 'exchange' : 'return'] && (
                <div className="as-muted">{t('afterSales.app.deadline', { date: formatDate(info.deadlines[kind === 'exchange' ? 'exchange' : 'return']!, { dateOnly: true }) })}</div>
              )}
            </section>
            <section className="as-section">
              <div className="as-title">{t('afterSales.app.items')}</div>
              {/* A case sent again names the lines and units it named. */}
              {again?.lines.map((l) => <CaseLine key={l.order_line_id} line={l} />)}
              {!again && lines.map((l) => (
                <div className="as-line" key={l.order_line_id} data-line={l.order_line_id}>
                  <div className="as-line-body">
                    <div>{l.name}</div>
                    <div className="as-muted">
                      {l.spec_text} · {t('afterSales.app.left', { n: l.left })}
                    </div>
                  </div>
                  <QuantityStepper min={0} max={l.left} value={qty[l.order_line_id] ?? 0} onChange={(v) => setQty((x) => ({ ...x, [l.order_line_id]: v }))} inputReadOnly label={t('afterSales.app.quantityOf', { name: l.name })} />
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
                {uploads.map((u) => (
                  <div key={u.id} className="as-evidence-progress" role="progressbar" aria-label={t('afterSales.app.uploading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={u.percent}>
                    <span className="as-evidence-progress-bar" style={{ height: `${u.percent}%` }} />
                    <span className="as-evidence-progress-text">{u.percent}%</span>
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
              <span className="as-estimate">
                {kind === 'return' && (
                  <>
                    <span>
                      {t('afterSales.app.estimate')} <Amount className="as-refund" value={estimate} currency={info.currency} />
                    </span>
                    {pointsBack.map(([key, count]) => (
                      <span key={key} className="as-points-back">
                        {t(key, { count })}
                      </span>
                    ))}
                  </>
                )}
              </span>
              <Button color="primary" shape="rounded" loading={submit.isPending || resubmit.isPending || uploading} onClick={() => void send()}>
                {t('afterSales.app.submit')}
              </Button>
            </div>
          </>
        )}
      </ListState>
    </div>
  );
}
