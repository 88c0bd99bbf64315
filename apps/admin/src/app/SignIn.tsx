import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import type { operatorSchema, operatorSignInBody } from '@shop/contract/admin';
import { ResponseCode } from '@shop/contract/common';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldItem } from '../lib/form';
import { usePageTitle } from '../lib/page-title';
import { call, ApiError } from '../lib/request';
import { confirmTotpRoute, lazyZodResolver, signInRoute } from '../lib/routes';
import { sessionStore, useSession } from '../lib/session';
import { LanguageSelect } from './LanguageSelect';

const TotpQr = lazy(() => import('./TotpQr'));

type Values = z.input<typeof operatorSignInBody>;
type Operator = z.infer<typeof operatorSchema>;
/** What a completed sign-in (authenticator included) does with its session and the operator it names. */
export type OnSignedIn = (token: string, operator: Operator) => void | Promise<void>;
interface TotpSetup {
  secret: string;
  otpauth_url: string;
}

/** The authenticator's secret as a QR code and as text. */
function TotpSetupCard({ setup }: { setup: TotpSetup }) {
  const { t } = useTranslation();
  return (
    <div data-testid="totp-setup" style={{ textAlign: 'center' }}>
      <Suspense fallback={<div style={{ height: 204 }} />}>
        <TotpQr value={setup.otpauth_url} />
      </Suspense>
      <Typography.Paragraph>
        {t('console.auth.secret')}: <Typography.Text code copyable data-testid="totp-secret">{setup.secret}</Typography.Text>
      </Typography.Paragraph>
    </div>
  );
}

/**
 * The first sign-in: the authenticator's secret to scan, and a current code of it to confirm the scan
 * before it is bound (a bad scan is found now, not at the next sign-in).
 */
function ConfirmAuthenticator({ session, onSignedIn }: { session: { token: string; setup: TotpSetup }; onSignedIn: OnSignedIn }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!/^\d{6}$/.test(code)) return setError(t('console.auth.codeFormat'));
    setBusy(true);
    setError(null);
    try {
      const operator = await call(confirmTotpRoute, { totp_code: code }, { token: session.token });
      await onSignedIn(session.token, operator);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" onFinish={() => void confirm()} component="form">
      <Typography.Paragraph>{t('console.auth.setupText')}</Typography.Paragraph>
      <TotpSetupCard setup={session.setup} />
      <FieldItem label={t('console.auth.setupCode')}>
        <Input value={code} onChange={(e) => setCode(e.target.value.trim())} inputMode="numeric" maxLength={6} autoComplete="one-time-code" autoFocus data-testid="totp-confirm-code" />
      </FieldItem>
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-testid="totp-confirm-error" />}
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="totp-confirm">
        {t('console.auth.confirm')}
      </Button>
    </Form>
  );
}

/**
 * The steps of a sign-in (password and authenticator code, or a first sign-in's authenticator setup),
 * framed by the caller: a card on the sign-in page, a dialog over a page kept open. `titled`: the
 * steps name the window (the sign-in page), else the page beneath goes on naming it.
 */
export function SignInSteps({ onSignedIn, titled, note, frame }: { onSignedIn: OnSignedIn; titled: boolean; note?: string; frame: (title: string, steps: React.ReactNode) => React.ReactNode }) {
  const { t } = useTranslation();
  const { ended } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [pendingSetup, setPendingSetup] = useState<TotpSetup | null>(null);
  const [firstSession, setFirstSession] = useState<{ token: string; setup: TotpSetup } | null>(null);
  const title = firstSession ? t('console.auth.setupTitle') : t('console.auth.signInTitle');
  usePageTitle(titled ? title : null);
  const { control, handleSubmit, formState } = useForm<Values>({ resolver: lazyZodResolver(() => import('@shop/contract/admin').then((m) => m.operatorSignInBody)), defaultValues: { user_name: '', password: '', totp_code: undefined } });

  const submit = handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await call(signInRoute, { ...values, totp_code: values.totp_code || undefined });
      // The first sign-in: the secret to add to the authenticator, shown before entering.
      if (res.totp_setup) setFirstSession({ token: res.token, setup: res.totp_setup });
      else await onSignedIn(res.token, res.operator);
    } catch (e) {
      if (e instanceof ApiError && e.code === ResponseCode.operatorTotpSetupRequired && e.data) setPendingSetup(e.data as TotpSetup);
      setError(e instanceof Error ? e.message : String(e));
    }
  });

  const fieldError = (name: keyof Values) => {
    const err = formState.errors[name];
    if (!err) return undefined;
    if (name === 'totp_code') return t('console.auth.codeFormat');
    return t('console.auth.required');
  };

  return frame(
    title,
    firstSession ? (
      <ConfirmAuthenticator session={firstSession} onSignedIn={onSignedIn} />
    ) : (
      <Form layout="vertical" onFinish={() => void submit()} component="form">
        {ended && ended !== 'signed_out' && !error && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t(`console.auth.${ended}`)} description={note} data-testid="session-ended" />}
        <Controller
          name="user_name"
          control={control}
          render={({ field }) => (
            <FieldItem label={t('console.auth.userName')} error={fieldError('user_name')}>
              <Input {...field} autoComplete="username" autoFocus data-testid="user-name" />
            </FieldItem>
          )}
        />
        <Controller
          name="password"
          control={control}
          render={({ field }) => (
            <FieldItem label={t('console.auth.password')} error={fieldError('password')}>
              <Input.Password {...field} autoComplete="current-password" data-testid="password" />
            </FieldItem>
          )}
        />
        {pendingSetup && (
          <>
            <Typography.Paragraph>{t('console.auth.setupNeeded')}</Typography.Paragraph>
            <TotpSetupCard setup={pendingSetup} />
          </>
        )}
        <Controller
          name="totp_code"
          control={control}
          render={({ field }) => (
            <FieldItem label={t('console.auth.totpCode')} extra={t('console.auth.totpHint')} error={fieldError('totp_code')}>
              <Input {...field} value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value.trim() || undefined)} inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="totp" />
            </FieldItem>
          )}
        />
        {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-testid="sign-in-error" />}
        <Button type="primary" htmlType="submit" block loading={formState.isSubmitting} data-testid="sign-in">
          {t('console.auth.signIn')}
        </Button>
      </Form>
    ),
  );
}

/** The sign-in page: a new session, whose first page is the dashboard. */
export function SignIn() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa' }}>
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LanguageSelect />
      </div>
      <SignInSteps
        titled
        onSignedIn={(token, operator) => sessionStore.signIn(token, operator.id)}
        frame={(title, steps) => (
          <Card style={{ width: 420, maxWidth: '100%' }} title={title}>
            {steps}
          </Card>
        )}
      />
    </div>
  );
}
