import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button } from 'antd-mobile';
import { ChoiceChips } from '@/components/choice-chips';
import { bindGoogleCodeBody, certificationInternationalBody, resetPayPasswordBody, saveProfileBody, setMobileEmailBody, type User } from '@shop/contract/account';
import { HOME_COUNTRY, isEmail, LANGUAGE_TAGS, type Language } from '@shop/contract/common';
import { digitsOnly, TextField } from '@/components/form-field';
import { showToast } from '@/lib/toast';
import { useBindGoogleAuthenticator } from '../api/bind-google-authenticator';
import { useBindMobileOrEmail } from '../api/bind-mobile-or-email';
import { useCreateGoogleAuthenticator } from '../api/create-google-authenticator';
import { useDefaultCallingCode } from '../api/get-default-calling-code';
import { useProfile } from '../api/get-profile';
import { useRealName } from '../api/get-real-name';
import { useRealNameKind } from '../api/get-real-name-kind';
import { useDocumentTypes } from '../api/list-document-types';
import { useRealNameCountries } from '../api/list-real-name-countries';
import { useSaveProfile } from '../api/save-profile';
import { sendCodeTo } from '../api/send-code';
import { sendCodeToMe } from '../api/send-code-to-member';
import { useSetPayPassword } from '../api/set-pay-password';
import { useSubmitRealName } from '../api/submit-real-name';
import { useSubmitRealNameInternational } from '../api/submit-real-name-international';
import { useMediaPicker } from '@/components/shell/media-picker';
import { uploadFile } from '@/lib/upload';
import { fail, samePasswordTwice } from '../form-check';
import { CodeButton } from './code-button';
import { CountryCodePicker, useCountryCodes } from '@/components/country-code-picker';
import { sizedUpload } from '@/lib/media-url';
import { useTranslation } from '@/lib/i18n';
import { useLanguage } from '@/stores/language';
import { FieldItem, FieldList } from '@/components/field-list';
import { FieldHelp } from '@/components/field-help';
import { Controller, type Control, type FieldValues, type Path, useContractForm } from '@/lib/form';

type Done = { onDone: () => void };

/** Whether the member has an authenticator bound (then it, not the password, proves a sensitive change). */
const useGoogleBound = () => Boolean(useProfile().data?.google_bound);

/**
 * The proof a sensitive change asks for: the authenticator's code once one is bound, else the
 * login password, named so (not "current password", which beside a pay password not yet set reads as
 * that one): a borrowed or stolen session alone cannot make the change.
 */
const stepUpName = (googleBound: boolean) => (googleBound ? 'google_code' : 'current_password');
const stepUpLabel = (googleBound: boolean) => (googleBound ? 'account.field.googleCode' : 'account.field.loginPassword');
/** The body's step-up fields are both optional; the one that applies is required here. */
const requireStepUp = (googleBound: boolean) => (v: { current_password?: string; google_code?: string }) => Boolean(googleBound ? v.google_code : v.current_password);

function StepUpField<T extends FieldValues>({ googleBound, control }: { googleBound: boolean; control: Control<T> }) {
  const { t } = useTranslation();
  return googleBound ? (
    <TextField control={control} name={'google_code' as Path<T>} label={t('account.field.googleCode')} inputMode="numeric" maxLength={6} keep={digitsOnly} placeholder={t('account.placeholder.googleCode')} />
  ) : (
    <TextField control={control} name={'current_password' as Path<T>} label={t('account.field.loginPassword')} type="password" autoComplete="current-password" placeholder={t('account.placeholder.loginPassword')} />
  );
}

/** Avatar (uploaded, then resized by the server) and nickname. */
export function ProfileForm({ onDone }: Done) {
  const { t } = useTranslation();
  const user: User | null | undefined = useProfile().data;
  const save = useSaveProfile();
  const schema = useMemo(() => saveProfileBody.refine((v) => v.nickname, { path: ['nickname'], error: 'validation.required' }), []);
  const form = useContractForm(schema, { defaultValues: { nickname: user?.nickname ?? '', avatar: user?.avatar ?? undefined }, labels: [['nickname', 'account.field.nickname']] });
  const avatar = form.watch('avatar');
  const [uploading, setUploading] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      form.setValue('avatar', (await uploadFile(file)).url);
    } catch {
      // the upload shows the server's message
    } finally {
      setUploading(false);
    }
  };
  // The shell's photo picker (camera or gallery) inside the app, the file input in a browser.
  const picker = useMediaPicker({ kind: 'image', onPick: (files) => void choose(files[0]), label: t('account.field.avatar') });
  const submit = form.submit(async (body) => {
    await save.mutateAsync(body);
    showToast(t('account.saved'));
    onDone();
  });

  return (
    <FieldList layout="horizontal" className="account-form">
      <FieldItem label={t('account.field.avatar')} onClick={picker.open}>
        <Avatar src={avatar ? sizedUpload(avatar, 120, 120) : ''} style={{ '--size': '48px', '--border-radius': '50%' }} />
        {picker.input}
      </FieldItem>
      <TextField control={form.control} name="nickname" label={t('account.field.nickname')} />
      <Button block color="primary" loading={form.busy || uploading} onClick={() => void submit()}>
        {t('account.action.save')}
      </Button>
    </FieldList>
  );
}

/** Binds or changes the e-mail or the phone, with the code sent to the new one. */
export function ContactForm({ kind, onDone }: Done & { kind: 'email' | 'mobile' }) {
  const { t } = useTranslation();
  const googleBound = useGoogleBound();
  const bind = useBindMobileOrEmail();
  const { data: defaultCode } = useDefaultCallingCode();
  const { data: member } = useProfile();
  const [area, setArea] = useState<{ country: string; pre: string }>();
  // The phone typed at registration waits for the code texted to it: the phone sheet starts from it.
  const pendingPre = kind === 'mobile' && !member?.mobile && member?.unverified_mobile ? member.unverified_mobile_pre : null;
  const pendingMobile = pendingPre ? member?.unverified_mobile : undefined;
  const country = area ?? (pendingPre ? { country: member?.country ?? '', pre: pendingPre } : undefined) ?? defaultCode ?? { country: 'US', pre: '1' };
  const schema = useMemo(
    () =>
      setMobileEmailBody
        .refine((v) => (kind === 'email' ? v.email : v.mobile), { path: [kind], error: 'validation.required' })
        .refine(requireStepUp(googleBound), { path: [stepUpName(googleBound)], error: 'validation.required' }),
    [kind, googleBound],
  );
  const form = useContractForm(schema, {
    defaultValues: kind === 'email' ? { code: '' } : { code: '', mobile_pre: country.pre },
    labels: [[kind, kind === 'email' ? 'account.field.email' : 'account.field.mobile'], ['code', 'account.field.code'], [stepUpName(googleBound), stepUpLabel(googleBound)]],
  });
  useEffect(() => {
    if (pendingMobile && !form.getValues('mobile')) form.setValue('mobile', pendingMobile);
  }, [pendingMobile, form]);

  const send = () => {
    const typed = (form.getValues(kind) ?? '').trim();
    if (kind === 'email' ? !isEmail(typed) : !typed) return Promise.reject(fail(kind === 'email' ? 'account.form.validEmail' : 'account.form.mobileFirst'));
    return sendCodeTo({ type: 'bind', ...(kind === 'email' ? { email: typed } : { mobile_pre: country.pre, mobile: typed }) });
  };
  const submit = form.submit(async (body) => {
    await bind.mutateAsync(kind === 'email' ? body : { ...body, mobile_pre: country.pre });
    showToast(t('account.saved'));
    onDone();
  });

  return (
    <FieldList layout="horizontal" className="account-form">
      {kind === 'email' ? (
        <TextField control={form.control} name="email" label={t('account.field.email')} type="email" placeholder={t('account.placeholder.email')} />
      ) : (
        <TextField control={form.control} name="mobile" label={t('account.field.mobile')} before={<CountryCodePicker value={country} onChange={setArea} />} type="tel" keep={digitsOnly} placeholder={t('account.placeholder.mobile')} />
      )}
      <TextField control={form.control} name="code" label={t('account.field.code')} extra={<CodeButton send={send} />} inputMode="numeric" maxLength={6} placeholder={t('account.placeholder.code')} />
      <StepUpField googleBound={googleBound} control={form.control} />
      <Button block color="primary" loading={form.busy} onClick={() => void submit()}>
        {t('account.action.save')}
      </Button>
    </FieldList>
  );
}

/** Google Authenticator: scan the QR code (or type the key), then prove it with one code. */
export function AuthenticatorForm({ onDone }: Done) {
  const { t } = useTranslation();
  const bound = useGoogleBound();
  const create = useCreateGoogleAuthenticator();
  const bind = useBindGoogleAuthenticator();
  const schema = useMemo(() => bindGoogleCodeBody.refine(requireStepUp(false), { path: ['current_password'], error: 'validation.required' }), []);
  const form = useContractForm(schema, { defaultValues: {}, labels: [['code', 'account.field.googleCode'], ['current_password', 'account.field.loginPassword']] });
  const secret = create.data;
  if (bound) return <p className="account-note">{t('account.google.bound')}</p>;
  if (!secret) {
    return (
      <Button block color="primary" loading={create.isPending} onClick={() => create.mutate(undefined)}>
        {t('account.google.start')}
      </Button>
    );
  }
  const submit = form.submit(async (body) => {
    await bind.mutateAsync(body);
    showToast(t('account.google.done'));
    onDone();
  });
  return (
    <div className="account-form">
      <p className="account-note">{t('account.google.scan')}</p>
      <img className="account-qr" src={secret.qr_code} alt={t('account.google.qr')} width={200} height={200} />
      <p className="account-secret">{secret.secret}</p>
      <FieldList layout="horizontal">
        <TextField control={form.control} name="code" inputName="google_code" label={t('account.field.googleCode')} inputMode="numeric" maxLength={6} keep={digitsOnly} />
        <StepUpField googleBound={false} control={form.control} />
      </FieldList>
      <Button block color="primary" loading={form.busy} onClick={() => void submit()}>
        {t('account.action.bind')}
      </Button>
    </div>
  );
}

/** The 6-digit pay password: a code to the member's e-mail, the new one twice. */
export function PayPasswordForm({ onDone }: Done) {
  const { t } = useTranslation();
  const googleBound = useGoogleBound();
  const setPayPassword = useSetPayPassword();
  const schema = useMemo(() => samePasswordTwice(resetPayPasswordBody.refine(requireStepUp(googleBound), { path: [stepUpName(googleBound)], error: 'validation.required' })), [googleBound]);
  const form = useContractForm(schema, {
    defaultValues: {},
    labels: [['password', 'account.field.payPassword'], ['password_confirm', 'account.field.confirmPassword'], ['code', 'account.field.code'], [stepUpName(googleBound), stepUpLabel(googleBound)]],
  });
  const submit = form.submit(async (body) => {
    await setPayPassword.mutateAsync(body);
    showToast(t('account.saved'));
    onDone();
  });
  return (
    <FieldList layout="horizontal" className="account-form">
      <TextField control={form.control} name="password" inputName="pay_password" label={t('account.field.payPassword')} description={t('account.form.payPasswordRule')} type="password" inputMode="numeric" maxLength={6} keep={digitsOnly} />
      <TextField control={form.control} name="password_confirm" inputName="pay_password_confirm" label={t('account.field.confirmPassword')} type="password" inputMode="numeric" maxLength={6} keep={digitsOnly} />
      <TextField control={form.control} name="code" label={t('account.field.code')} extra={<CodeButton send={() => sendCodeToMe('pay_password')} />} inputMode="numeric" maxLength={6} keep={digitsOnly} />
      <StepUpField googleBound={googleBound} control={form.control} />
      <Button block color="primary" loading={form.busy} onClick={() => void submit()}>
        {t('account.action.save')}
      </Button>
    </FieldList>
  );
}

const TITLES = ['mr', 'ms', 'mrs', 'dr'] as const;

/** Real-name details for review: the state of the last request, and the form when one may be sent. */
export function RealNameForm({ onDone }: Done) {
  const { t } = useTranslation();
  const { data: info } = useRealName();
  const { data: kind } = useRealNameKind();
  const status = info?.status;
  if (status === 'approved' || status === 'pending') {
    return <p className="account-note">{t(status === 'approved' ? 'account.realName.approved' : 'account.realName.pending')}</p>;
  }
  return (
    <>
      {status === 'rejected' && <p className="account-warning">{t('account.realName.rejected', { reason: info?.record?.reason ?? '' })}</p>}
      {kind && <IssuingCountryRequest suggested={kind.country ?? ''} onDone={onDone} />}
    </>
  );
}

/** The mainland's code: its national ID is checked, and it has a form of its own. */
const MAINLAND = 'CN';

type IssuerOption = { code: string; name: string };

/**
 * The issuing countries as a reader looks for them: their own country first (the server's list starts
 * with it: Taiwan for a Traditional Chinese reader), the mainland first only for a reader whose own
 * country it is, else in its place among the others by name.
 */
export function issuerOptions(countries: IssuerOption[], mainlandName: string | undefined, lang: Language): IssuerOption[] {
  if (!mainlandName) return countries;
  const mainland = { code: MAINLAND, name: mainlandName };
  if (HOME_COUNTRY[lang] === MAINLAND) return [mainland, ...countries];
  const own = countries[0]?.code === HOME_COUNTRY[lang] ? 1 : 0;
  const collator = new Intl.Collator(LANGUAGE_TAGS[lang]);
  const at = countries.findIndex((c, i) => i >= own && collator.compare(mainlandName, c.name) < 0);
  const place = at < 0 ? countries.length : at;
  return [...countries.slice(0, place), mainland, ...countries.slice(place)];
}

/**
 * The document's issuing country first (a Thai passport is Thai whatever the member's phone says),
 * starting from the member's own country when the server knows it, else none: mainland China takes
 * the mainland form, any other country the international one with that country.
 */
function IssuingCountryRequest({ suggested, onDone }: Done & { suggested: string }) {
  const { t } = useTranslation();
  const { data: countries } = useRealNameCountries();
  // The international list leaves the mainland out: its name comes from the server's list of every country, in the member's language as the others.
  const mainlandName = useCountryCodes().data?.find((c) => c.code === MAINLAND)?.name;
  const lang = useLanguage((s) => s.lang);
  const options = useMemo(() => issuerOptions(countries ?? [], mainlandName, lang), [countries, mainlandName, lang]);
  const [issuer, setIssuer] = useState(suggested);
  const international = issuer !== MAINLAND;
  return (
    <>
      <FieldList layout="vertical" className="account-form">
        <FieldItem label={t('account.realName.issuingCountry')} help={<FieldHelp text={t('account.realName.issuingCountryHelp')} />}>
          <select className="account-select" name="issuing_country" aria-label={t('account.realName.issuingCountry')} value={issuer} onChange={(e) => setIssuer(e.target.value)}>
            <option value="">—</option>
            {options.map((c) => (
              <option key={c.code} value={c.code}>{c.name}</option>
            ))}
          </select>
        </FieldItem>
      </FieldList>
      {issuer && <RealNameRequest key={issuer} international={international} country={international ? issuer : undefined} onDone={onDone} />}
    </>
  );
}

/** The international body is the mainland one plus the country; a mainland request leaves the country out. */
const mainlandFormSchema = certificationInternationalBody.partial({ country: true }) as unknown as typeof certificationInternationalBody;

function RealNameRequest({ international, country: issuer, onDone }: Done & { international: boolean; country?: string }) {
  const { t } = useTranslation();
  const { data: types } = useDocumentTypes();
  const submitMainland = useSubmitRealName();
  const submitInternational = useSubmitRealNameInternational();
  const form = useContractForm(international ? certificationInternationalBody : mainlandFormSchema, {
    defaultValues: { document_type: international ? 'passport' : 'id_card', ...(issuer ? { country: issuer } : {}) },
    labels: [['document_number', 'account.field.documentNumber'], ['surname', 'account.field.surname'], ['given_name', 'account.field.givenName'], ['country', 'account.field.country', 'choose'], ['birthday', 'account.field.birthday', 'choose']],
  });
  const submit = form.submit(async ({ country, ...body }) => {
    await (international ? submitInternational.mutateAsync({ ...body, country }) : submitMainland.mutateAsync(body));
    showToast(t('account.realName.sent'));
    onDone();
  });
  return (
    <FieldList layout="vertical" className="account-form">
      <FieldItem label={t('account.field.documentType')}>
        <Controller
          control={form.control}
          name="document_type"
          render={({ field }) => <ChoiceChips label={t('account.field.documentType')} columns={2} options={(types ?? []).map((d) => ({ label: d.label, value: d.value }))} value={field.value || undefined} onChange={field.onChange} />}
        />
      </FieldItem>
      <TextField control={form.control} name="document_number" label={t('account.field.documentNumber')} />
      <TextField control={form.control} name="surname" label={t('account.field.surname')} />
      <TextField control={form.control} name="given_name" label={t('account.field.givenName')} />
      <FieldItem label={t('account.field.title')}>
        <Controller
          control={form.control}
          name="title"
          render={({ field }) => <ChoiceChips label={t('account.field.title')} columns={2} options={TITLES.map((v) => ({ label: t(`account.title.${v}`), value: v }))} value={field.value || undefined} onChange={field.onChange} />}
        />
      </FieldItem>
      <FieldItem label={t('account.field.birthday')}>
        <Controller
          control={form.control}
          name="birthday"
          render={({ field }) => <input className="account-date" type="date" name="birthday" value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value || undefined)} />}
        />
      </FieldItem>
      <TextField control={form.control} name="referral_code" label={t('account.field.referralCode')} />
      <Button block color="primary" loading={form.busy} onClick={() => void submit()}>
        {t('account.action.submit')}
      </Button>
    </FieldList>
  );
}
