import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { setupPasswordBody } from '@shop/contract/admin';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FieldItem, refusedFieldsOf } from '../lib/form';
import { usePageTitle } from '../lib/page-title';
import { call } from '../lib/request';
import { setupPasswordRoute } from '../lib/routes';
import { LanguageSelect } from './LanguageSelect';

const schema = setupPasswordBody.extend({ confirm: z.string() }).refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'mismatch' });
type Values = z.input<typeof schema>;

/** The one-time link `npm run ops -- operator create` prints: the operator chooses a password. */
export function SetupPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(t('console.auth.setPasswordTitle'));
  const { control, handleSubmit, formState, setError: setFieldError } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { token: params.get('token') ?? '', password: '', confirm: '' } });
  const submit = handleSubmit(async ({ token, password }) => {
    setError(null);
    try {
      setDone((await call(setupPasswordRoute, { token, password })).user_name);
    } catch (e) {
      // A password the server refuses (common, breached, the operator's own name): said on the field, in the console's language.
      const refused = refusedFieldsOf(e).find((r) => r.field === 'password');
      if (refused) setFieldError('password', { type: 'server', message: refused.msg });
      else setError(e instanceof Error ? e.message : String(e));
    }
  });
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa' }}>
      <div style={{ position: 'absolute', top: 16, right: 24 }}>
        <LanguageSelect />
      </div>
      <Card style={{ width: 420, maxWidth: '100%' }} title={t('console.auth.setPasswordTitle')}>
        {done ? (
          <Alert type="success" showIcon title={t('console.auth.passwordSet', { name: done })} description={<Link to="/sign-in">{t('console.auth.signIn')}</Link>} />
        ) : (
          <Form layout="vertical" onFinish={() => void submit()} component="form">
            <Typography.Paragraph>{t('console.auth.setPasswordText')}</Typography.Paragraph>
            <Controller
              name="password"
              control={control}
              render={({ field }) => (
                <FieldItem label={t('console.auth.newPassword')} error={formState.errors.password && (formState.errors.password.type === 'server' ? formState.errors.password.message : t('console.auth.passwordLength'))}>
                  <Input.Password {...field} autoComplete="new-password" />
                </FieldItem>
              )}
            />
            <Controller
              name="confirm"
              control={control}
              render={({ field }) => (
                <FieldItem label={t('console.auth.confirmPassword')} error={formState.errors.confirm && t('console.auth.passwordMismatch')}>
                  <Input.Password {...field} autoComplete="new-password" />
                </FieldItem>
              )}
            />
            {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} />}
            <Button type="primary" htmlType="submit" block loading={formState.isSubmitting}>
              {t('console.auth.setPassword')}
            </Button>
          </Form>
        )}
      </Card>
    </div>
  );
}
