import { useRef, useState } from 'react';
import { Avatar, Button, Form, Input, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isEmail } from '@shop/contract';
import { showToast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { useDefaultAreaPre } from '../api/country-codes';
import { useRealName, useRealNameLists, submitInternational, submitMainland } from '../api/real-name';
import { bindAuthenticator, bindContact, createAuthenticatorSecret, saveMemberProfile, savePayPassword } from '../api/security';
import { sendCodeTo, sendCodeToMe } from '../api/send-code';
import { uploadFile } from '../api/upload';
import { fail, requireFilled } from '../form-check';
import { CodeButton } from './code-button';
import { CountryCodePicker } from './country-code-picker';

type Done = { onDone: () => void };

/**
 * The proof a sensitive change asks for: the authenticator's code once one is bound, else the
 * current login password (a borrowed or stolen session alone cannot make the change).
 */
function StepUpField({ googleBound, value, onChange }: { googleBound: boolean; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return googleBound ? (
    <Form.Item label={t('account.field.googleCode')}>
      <Input name="google_code" inputMode="numeric" maxLength={6} value={value} onChange={(v) => onChange(v.replace(/\D/g, ''))} placeholder={t('account.placeholder.googleCode')} />
    </Form.Item>
  ) : (
    <Form.Item label={t('account.field.oldPassword')}>
      <Input name="current_password" type="password" autoComplete="current-password" value={value} onChange={onChange} placeholder={t('account.placeholder.oldPassword')} />
    </Form.Item>
  );
}

/** The step-up field as a required field of `requireFilled`, and as the wire's fields. */
const stepUpField = (googleBound: boolean): [string, string] => (googleBound ? ['proof', 'account.field.googleCode'] : ['proof', 'account.field.oldPassword']);
const stepUpBody = (googleBound: boolean, proof: string) => (googleBound ? { google_code: proof } : { current_password: proof });

async function attempt(action: () => Promise<unknown>, done: string, onDone: () => void, setBusy: (b: boolean) => void) {
  setBusy(true);
  try {
    await action();
    showToast(done);
    onDone();
  } catch {
    // shown by the request client
  } finally {
    setBusy(false);
  }
}

/** Avatar (uploaded, then resized by the server) and nickname. */
export function ProfileForm({ onDone }: Done) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [avatar, setAvatar] = useState((user?.avatar as string | null) ?? '');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      setAvatar((await uploadFile(file)).url);
    } catch {
      // the upload shows the server's message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="horizontal" className="account-form">
      <Form.Item label={t('account.field.avatar')} onClick={() => input.current?.click()}>
        <Avatar src={avatar ? `${avatar}?width=120&height=120` : ''} style={{ '--size': '48px', '--border-radius': '50%' }} />
        <input ref={input} type="file" accept="image/*" hidden aria-label={t('account.field.avatar')} onChange={(e) => void choose(e.target.files?.[0])} />
      </Form.Item>
      <Form.Item label={t('account.field.nickname')}>
        <Input name="nickname" value={nickname} onChange={setNickname} />
      </Form.Item>
      <Button block color="primary" loading={busy} onClick={() => {
        if (!requireFilled({ nickname }, [['nickname', 'account.field.nickname']])) return;
        void attempt(() => saveMemberProfile({ nickname: nickname.trim(), ...(avatar ? { avatar } : {}) }), t('account.saved'), onDone, setBusy);
      }}>
        {t('account.action.save')}
      </Button>
    </Form>
  );
}

/** Binds or changes the e-mail or the phone, with the code sent to the new one. */
export function ContactForm({ kind, onDone }: Done & { kind: 'email' | 'mobile' }) {
  const { t } = useTranslation();
  const googleBound = useSession((s) => Boolean(s.user?.google_bound));
  const { data: defaultPre } = useDefaultAreaPre();
  const [area, setArea] = useState<{ country: string; pre: string }>();
  const [values, setValues] = useState({ email: '', mobile: '', code: '', proof: '' });
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [name]: v }));
  const country = area ?? defaultPre ?? { country: 'US', pre: '1' };
  const contact = kind === 'email' ? { email: values.email.trim() } : { mobile_pre: country.pre, mobile: values.mobile.trim() };

  const send = () => {
    if (kind === 'email' ? !isEmail(values.email.trim()) : !values.mobile.trim()) return Promise.reject(fail(kind === 'email' ? 'account.form.validEmail' : 'account.form.mobileFirst'));
    return sendCodeTo({ type: 'bind', ...contact });
  };
  const save = () => {
    const fields: Array<[string, string]> = [[kind, kind === 'email' ? 'account.field.email' : 'account.field.mobile'], ['code', 'account.field.code'], stepUpField(googleBound)];
    if (!requireFilled(values, fields)) return;
    void attempt(() => bindContact({ ...contact, code: values.code, ...stepUpBody(googleBound, values.proof) }), t('account.saved'), onDone, setBusy);
  };

  return (
    <Form layout="horizontal" className="account-form">
      {kind === 'email' ? (
        <Form.Item label={t('account.field.email')}>
          <Input name="email" type="email" value={values.email} onChange={set('email')} placeholder={t('account.placeholder.email')} />
        </Form.Item>
      ) : (
        <Form.Item label={t('account.field.mobile')} extra={<CountryCodePicker value={country} onChange={setArea} />}>
          <Input name="mobile" type="tel" value={values.mobile} onChange={(v) => set('mobile')(v.replace(/\D/g, ''))} placeholder={t('account.placeholder.mobile')} />
        </Form.Item>
      )}
      <Form.Item label={t('account.field.code')} extra={<CodeButton send={send} />}>
        <Input name="code" inputMode="numeric" maxLength={6} value={values.code} onChange={set('code')} placeholder={t('account.placeholder.code')} />
      </Form.Item>
      <StepUpField googleBound={googleBound} value={values.proof} onChange={set('proof')} />
      <Button block color="primary" loading={busy} onClick={save}>
        {t('account.action.save')}
      </Button>
    </Form>
  );
}

/** Google Authenticator: scan the QR code (or type the key), then prove it with one code. */
export function AuthenticatorForm({ onDone }: Done) {
  const { t } = useTranslation();
  const bound = useSession((s) => Boolean(s.user?.google_bound));
  const [secret, setSecret] = useState<{ secret: string; qr_code: string }>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  if (bound) return <p className="account-note">{t('account.google.bound')}</p>;
  if (!secret) {
    return (
      <Button block color="primary" loading={busy} onClick={async () => {
        setBusy(true);
        try {
          setSecret(await createAuthenticatorSecret());
        } catch {
          // shown by the request client
        } finally {
          setBusy(false);
        }
      }}>
        {t('account.google.start')}
      </Button>
    );
  }
  return (
    <div className="account-form">
      <p className="account-note">{t('account.google.scan')}</p>
      <img className="account-qr" src={secret.qr_code} alt={t('account.google.qr')} width={200} height={200} />
      <p className="account-secret">{secret.secret}</p>
      <Form layout="horizontal">
        <Form.Item label={t('account.field.googleCode')}>
          <Input name="google_code" inputMode="numeric" maxLength={6} value={code} onChange={setCode} />
        </Form.Item>
        <StepUpField googleBound={false} value={password} onChange={setPassword} />
      </Form>
      <Button block color="primary" loading={busy} onClick={() => {
        if (!requireFilled({ code, password }, [['code', 'account.field.googleCode'], ['password', 'account.field.oldPassword']])) return;
        void attempt(() => bindAuthenticator(code, password), t('account.google.done'), onDone, setBusy);
      }}>
        {t('account.action.bind')}
      </Button>
    </div>
  );
}

/** The 6-digit pay password: a code to the member's e-mail, the new one twice. */
export function PayPasswordForm({ onDone }: Done) {
  const { t } = useTranslation();
  const googleBound = useSession((s) => Boolean(s.user?.google_bound));
  const [values, setValues] = useState({ password: '', password_confirm: '', code: '', proof: '' });
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [name]: v.replace(/\D/g, '') }));
  const save = () => {
    const fields: Array<[string, string]> = [['password', 'account.field.payPassword'], ['password_confirm', 'account.field.confirmPassword'], ['code', 'account.field.code'], stepUpField(googleBound)];
    if (!requireFilled(values, fields)) return;
    if (!/^\d{6}$/.test(values.password)) return fail('account.form.payPasswordRule');
    if (values.password !== values.password_confirm) return fail('account.form.passwordMismatch');
    void attempt(() => savePayPassword({ password: values.password, password_confirm: values.password_confirm, code: values.code, ...stepUpBody(googleBound, values.proof) }), t('account.saved'), onDone, setBusy);
  };
  return (
    <Form layout="horizontal" className="account-form">
      <Form.Item label={t('account.field.payPassword')}>
        <Input name="pay_password" type="password" inputMode="numeric" maxLength={6} value={values.password} onChange={set('password')} />
      </Form.Item>
      <Form.Item label={t('account.field.confirmPassword')}>
        <Input name="pay_password_confirm" type="password" inputMode="numeric" maxLength={6} value={values.password_confirm} onChange={set('password_confirm')} />
      </Form.Item>
      <Form.Item label={t('account.field.code')} extra={<CodeButton send={() => sendCodeToMe('pay_password')} />}>
        <Input name="code" inputMode="numeric" maxLength={6} value={values.code} onChange={set('code')} />
      </Form.Item>
      <StepUpField googleBound={googleBound} value={values.proof} onChange={(v) => setValues((s) => ({ ...s, proof: v }))} />
      <Button block color="primary" loading={busy} onClick={save}>
        {t('account.action.save')}
      </Button>
    </Form>
  );
}

const TITLES = ['mr', 'ms', 'mrs', 'dr'] as const;
type DocumentType = 'id_card' | 'passport' | 'driving_license' | 'residence_permit';

/** Real-name details for review: the state of the last request, and the form when one may be sent. */
export function RealNameForm({ onDone }: Done) {
  const { t } = useTranslation();
  const { data, refetch } = useRealName();
  const { data: lists } = useRealNameLists();
  const [values, setValues] = useState({ document_type: 'id_card' as DocumentType, document_number: '', surname: '', given_name: '', title: '' as string, birthday: '', referral_code: '', country: '' });
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (v: string) => setValues((s) => ({ ...s, [name]: v }));
  const status = data?.info.status;
  const international = data?.kind.kind === 'international';

  if (status === 'approved' || status === 'pending') {
    return <p className="account-note">{t(status === 'approved' ? 'account.realName.approved' : 'account.realName.pending')}</p>;
  }
  const save = () => {
    const fields: Array<[string, string]> = [['document_number', 'account.field.documentNumber'], ['surname', 'account.field.surname'], ['given_name', 'account.field.givenName'], ...(international ? [['country', 'account.field.country'] as [string, string]] : [])];
    if (!requireFilled(values, fields)) return;
    const base = {
      document_type: values.document_type,
      document_number: values.document_number.trim(),
      surname: values.surname.trim(),
      given_name: values.given_name.trim(),
      ...(values.title ? { title: values.title as (typeof TITLES)[number] } : {}),
      ...(values.birthday ? { birthday: values.birthday } : {}),
      ...(values.referral_code ? { referral_code: values.referral_code.trim() } : {}),
    };
    void attempt(async () => {
      await (international ? submitInternational({ ...base, country: values.country }) : submitMainland(base));
      await refetch();
    }, t('account.realName.sent'), onDone, setBusy);
  };
  return (
    <Form layout="vertical" className="account-form">
      {status === 'rejected' && <p className="account-warning">{t('account.realName.rejected', { reason: data?.info.record?.reason ?? '' })}</p>}
      <Form.Item label={t('account.field.documentType')}>
        <Selector columns={2} options={(lists?.types ?? []).map((d) => ({ label: d.label, value: d.value }))} value={[values.document_type]} onChange={(v) => v[0] && set('document_type')(v[0])} />
      </Form.Item>
      {international && (
        <Form.Item label={t('account.field.country')}>
          <select className="account-select" name="country" value={values.country} onChange={(e) => set('country')(e.target.value)}>
            <option value="">—</option>
            {(lists?.countries ?? []).map((c) => (
              <option key={c.code} value={c.code}>{c.name}</option>
            ))}
          </select>
        </Form.Item>
      )}
      <Form.Item label={t('account.field.documentNumber')}>
        <Input name="document_number" value={values.document_number} onChange={set('document_number')} />
      </Form.Item>
      <Form.Item label={t('account.field.surname')}>
        <Input name="surname" value={values.surname} onChange={set('surname')} />
      </Form.Item>
      <Form.Item label={t('account.field.givenName')}>
        <Input name="given_name" value={values.given_name} onChange={set('given_name')} />
      </Form.Item>
      <Form.Item label={t('account.field.title')}>
        <Selector columns={4} options={TITLES.map((v) => ({ label: t(`account.title.${v}`), value: v }))} value={values.title ? [values.title] : []} onChange={(v) => set('title')(v[0] ?? '')} />
      </Form.Item>
      <Form.Item label={t('account.field.birthday')}>
        <input className="account-date" type="date" name="birthday" value={values.birthday} onChange={(e) => set('birthday')(e.target.value)} />
      </Form.Item>
      <Form.Item label={t('account.field.referralCode')}>
        <Input name="referral_code" value={values.referral_code} onChange={set('referral_code')} />
      </Form.Item>
      <Button block color="primary" loading={busy} onClick={save}>
        {t('account.action.submit')}
      </Button>
    </Form>
  );
}
