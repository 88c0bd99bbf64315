import { useRef, useState } from 'react';
import { Button, Input, TextArea } from 'antd-mobile';
import { ChoiceChips } from '@/components/choice-chips';
import { ClientCode } from '@shop/contract/common';
import { APPLICATION_KINDS, type ApplicationKind } from '@shop/contract/referral';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { useAgentInfo, useApply, useHomeCallingCode } from '../api/referral';
import '@/components/form-field.css';
import '../referral.css';
import { useTranslation, type TFunction } from '@/lib/i18n';
import { ApiError } from '@/lib/request';
import { FieldItem, FieldList } from '@/components/field-list';
import { CountryCodePicker, splitCallingCode, useCountryCodes, type CallingCode } from '@/components/country-code-picker';
import { Link, useSearchParams } from '@/lib/router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { useKeepFormDraft } from '@/lib/open-drafts';

/** The kind a link asks for (`?kind=shop_owner`), else a dealer's. */
const kindOf = (asked: string | null): ApplicationKind => APPLICATION_KINDS.find((k) => k === asked) ?? 'dealer';

const SESSION_CODES: ReadonlySet<number> = new Set([ClientCode.tokenInvalid, ClientCode.loginRequired, ClientCode.userNotFound]);

/**
 * What the page says of an application that was not sent, in the member's language: the shop's own
 * words for a refusal, the app's for a lost connection or a failure. Nothing for an ended session
 * (the app says so and takes the member to log in) or a call the page gave up.
 */
function refusalOf(error: unknown, t: TFunction): string | undefined {
  if (!(error instanceof ApiError)) return t('app.error.generic');
  if (error.kind === 'aborted' || (error.code !== undefined && SESSION_CODES.has(error.code))) return undefined;
  // An answer that is not the shop's envelope has no words of its own to show.
  if (error.kind === 'http' && error.code === undefined) return t('app.error.generic');
  return error.message || t('app.error.generic');
}

/**
 * Roles and applications: what the member holds and asked for, and a form to apply as a dealer, a
 * service centre or a shop owner (`?kind=` chooses it). The phone is of the country picked in front
 * of it, the member's own to start with; a number typed with its `+` and code picks that country.
 */
export default function ApplicationsPage() {
  const { t } = useTranslation();
  const info = useAgentInfo();
  const apply = { dealer: useApply('dealer'), service_centre: useApply('service_centre'), shop_owner: useApply('shop_owner') };
  const [params] = useSearchParams();
  const [chosen, setKind] = useState<ApplicationKind>(() => kindOf(params.get('kind')));
  const home = useHomeCallingCode(useSession((s) => s.user?.country)).data;
  const countries = useCountryCodes().data ?? [];
  const [picked, setPicked] = useState<CallingCode>();
  const code = picked ?? home;
  const [form, setForm] = useState({ name: '', mobile: '', address: '', note: '', shop_name: '' });
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  // The kind being sent (one application at a time: a second tap before the answer sends nothing), and the one sent last.
  const [sending, setSending] = useState<ApplicationKind>();
  const sendingNow = useRef(false);
  const [sent, setSent] = useState<{ kind: ApplicationKind; id: number }>();
  const [refusal, setRefusal] = useState<string>();
  // What was typed and chosen comes back after a reload (the new version's, the browser's); nothing once it was sent.
  const draft = sent ? { name: '', mobile: '', address: '', note: '', shop_name: '', chosen: undefined, picked: undefined } : { ...form, chosen, picked };
  useKeepFormDraft('application', draft, ['name', 'mobile', 'address', 'note', 'shop_name', 'chosen', 'picked'], ({ chosen: kind, picked: pre, ...typed }) => {
    if (kind) setKind(kind);
    if (pre) setPicked(pre);
    setForm((f) => ({ ...f, ...typed }));
  });
  const send = async () => {
    if (sendingNow.current) return;
    setRefusal(undefined);
    for (const k of ['name', 'mobile', 'address'] as const) if (!form[k].trim()) return showToast(t('referral.app.enter', { field: t(`referral.field.${k}`) }));
    if (!code) return;
    const phone = splitCallingCode(form.mobile, code, countries);
    if (!/^\d{4,15}$/.test(phone.mobile)) return showToast(t('referral.app.mobileInvalid', { code: `+${phone.code.pre}` }));
    sendingNow.current = true;
    setSending(kind);
    try {
      const answer = await apply[kind].mutateAsync({ ...form, mobile: phone.mobile, mobile_pre: phone.code.pre, country: phone.code.country });
      setPicked(phone.code);
      // The member's own details wait for another role's form, shown only when asked for; what was particular to this application goes.
      setForm((f) => ({ ...f, mobile: phone.mobile, note: '', shop_name: '' }));
      setSent({ kind: answer.kind, id: answer.application_id });
    } catch (e) {
      setRefusal(refusalOf(e, t));
    } finally {
      sendingNow.current = false;
      setSending(undefined);
    }
  };
  const data = info.data;
  // A role the member holds, or has asked for and waits on, is not offered again (the shop would refuse it).
  const taken = new Set([...(data?.roles.filter((r) => r.status === 'active').map((r) => r.kind) ?? []), ...(data?.applications.filter((a) => a.status === 'pending').map((a) => a.kind) ?? [])]);
  const open = APPLICATION_KINDS.filter((k) => !taken.has(k));
  // The kind on its way stays chosen until its answer (the list read again no longer offers it).
  const kind = sending ?? (open.includes(chosen) ? chosen : (open[0] ?? chosen));
  const sentStatus = sent && (data?.applications.find((a) => a.id === sent.id)?.status ?? 'pending');
  return (
    <div className="page referral-page applications-page">
      <PageHeader title={t('referral.page.applications')} />
      <ListState loading={info.isPending} error={info.isError} failure={info.error} empty={false} onRetry={() => void info.refetch()}>
        {data && (
          <section className="ref-card">
            <h2 className="ref-heading">{t('referral.app.myRoles')}</h2>
            {data.roles.length === 0 && <p className="ref-muted">{t('referral.app.noRoles')}</p>}
            {data.roles.map((r) => (
              <div key={r.kind} className="ref-row">
                <strong>{t(`referral.kind.${r.kind}`)}</strong>
                <span>{t(`referral.roleStatus.${r.status}`)}</span>
              </div>
            ))}
            {data.applications.map((a) => (
              <div key={a.id} className="ref-row" data-application={a.id}>
                <span>
                  {t(`referral.kind.${a.kind}`)}
                  <span className="ref-muted"> · {formatDate(a.created_at)}</span>
                  {a.reason && <div className="ref-muted">{a.reason}</div>}
                </span>
                <span>{t(`referral.status.${a.status}`)}</span>
              </div>
            ))}
          </section>
        )}
      </ListState>
      <section className="ref-card">
        <h2 className="ref-heading">{t('referral.app.apply')}</h2>
        {sent ? (
          // Sent: its state, not a form of another kind holding the same details ready to go again.
          <div data-testid="application-sent">
            <p className="ref-hint" role="status">
              {sentStatus === 'pending' ? t('referral.app.sentUnderReview', { kind: t(`referral.kind.${sent.kind}`) }) : `${t(`referral.kind.${sent.kind}`)} · ${t(`referral.status.${sentStatus}`)}`}
            </p>
            {open.length > 0 && (
              <Button
                block
                onClick={() => {
                  setRefusal(undefined);
                  setSent(undefined);
                }}
              >
                {t('referral.app.applyAnother')}
              </Button>
            )}
          </div>
        ) : data && !open.length ? (
          <p className="ref-muted" data-testid="no-role-to-ask">{t('referral.app.allAsked')}</p>
        ) : data && !data.real_name ? (
          // The server refuses an application without a verified real name: the way there, not a form.
          <>
            <p className="ref-hint">{t('account.code.realNameRequired')}</p>
            <Link className="adm-button adm-button-primary adm-button-block adm-button-shape-default" to={`${paths.other.settings}?section=realName`}>
              {t('referral.app.verifyRealName')}
            </Link>
          </>
        ) : (
          <>
            <ChoiceChips label={t('referral.field.kind')} columns={1} options={open.map((k) => ({ label: t(`referral.kind.${k}`), value: k }))} value={kind} onChange={setKind} />
            <FieldList layout="vertical">
              <FieldItem label={t('referral.field.name')}>
                <Input aria-label={t('referral.field.name')} value={form.name} onChange={set('name')} />
              </FieldItem>
              <FieldItem label={t('referral.field.mobile')}>
                {/* The calling code in front of the number, as on the sign-up and address forms. */}
                <div className="text-field-row">
                  {code && <CountryCodePicker value={code} onChange={setPicked} />}
                  <Input aria-label={t('referral.field.mobile')} value={form.mobile} onChange={set('mobile')} inputMode="tel" />
                </div>
              </FieldItem>
              <FieldItem label={t('referral.field.address')}>
                <Input aria-label={t('referral.field.address')} value={form.address} onChange={set('address')} />
              </FieldItem>
              {kind !== 'dealer' && (
                <FieldItem label={t('referral.field.shop_name')}>
                  <Input aria-label={t('referral.field.shop_name')} value={form.shop_name} onChange={set('shop_name')} />
                </FieldItem>
              )}
              <FieldItem label={t('referral.field.note')}>
                <TextArea placeholder={t('referral.field.note')} value={form.note} onChange={set('note')} maxLength={500} />
              </FieldItem>
            </FieldList>
            {refusal && (
              <p className="ref-hint ref-refusal" role="alert">
                {refusal}
              </p>
            )}
            <Button block color="primary" loading={sending !== undefined} loadingText={t('referral.app.submit')} disabled={!code || sending !== undefined} onClick={() => void send()}>
              {t('referral.app.submit')}
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
