import { Alert, App as AntApp, Button, Form, Input, Modal, Select } from 'antd';
import { ResponseCode, type AnyEndpoint } from '@shop/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateEndpoints } from '../lib/endpoint-query';
import { waitingRequestOf } from '../lib/approvals';
import { FormField, refusedFieldsOf, useConsoleForm, type BodySchema } from '../lib/form';
import { useRequestKeys } from '../lib/request-key';
import { ApiError } from '../lib/request';
import { useForgetEndedSession } from '../lib/session';
import { keepTabInside } from './ModalDrawer';

export interface DecisionField {
  name: string;
  label: string;
  required?: boolean;
  /** What an empty value shows when refused (default "Required", "Give a reason" for a reason). */
  requiredMessage?: string;
  /** What any refusal shows (a value the body does not take …). */
  message?: string;
  placeholder?: string;
  multiline?: boolean;
  /** The longest text the field takes (shown with a counter); default 300 for multiline, 100 otherwise. */
  maxLength?: number;
  /** What the field holds when the dialog opens (the text being changed …); default empty. */
  initial?: string;
  min?: number;
  /** A choice among these instead of typed text. */
  options?: Array<{ value: string; label: string }>;
  /** A control of its own instead of typed text (a carrier chosen from the shop's list …): given the field's id, value, onChange and onBlur. */
  control?: ReactElement<Record<string, unknown>>;
  /** A check of the field against the dialog's other values (a reason needed once an amount is lowered): its message, or nothing. */
  refuse?: (values: Record<string, string>) => string | undefined;
}

type Values = Record<string, string>;

interface Props {
  open: boolean;
  title: string;
  question: ReactNode;
  okText: string;
  danger?: boolean;
  fields: DecisionField[];
  /** The contract's schema of the call's body, loaded at the first check, and the body made of the dialog's values. */
  schema?: () => Promise<BodySchema>;
  toBody?: (values: Values) => unknown;
  /** Where a refusal of a body field shows when the dialog names it differently. */
  fieldOf?: Record<string, string>;
  /**
   * Sends the decision with the key of its body: a second click, or a retry, of the same body is the
   * same decision; a body corrected after a refusal is a new one (`useRequestKeys`).
   * `body` is what the schema made of `toBody(values)` (the values themselves without a schema).
   */
  send: (values: Values, idempotencyKey: string, body: any) => Promise<unknown>;
  /** The endpoints whose answers the decision makes stale: read again once decided. */
  invalidates: readonly AnyEndpoint[];
  onClose: (decided: boolean) => void;
  /** What the page says when the call answered a request waiting for a second operator (default: sent for approval, with its number). */
  waitingText?: (id: number) => string;
  /** What the page says once decided (default "Decision saved"): a settings page names what it saved; given the answer, it can say what came of it. */
  savedText?: string | ((answer: any) => string);
  /**
   * Refused because the row was changed by someone else since the page loaded it (`editedSinceOpened`):
   * the refusal offers a Refresh that closes the dialog and calls this (the page opens the row as it is now).
   */
  onStale?: () => void;
}

/** The message of an empty field's refusal: its own, else "Give a reason" for a reason, else the form's default. */
const requiredOf = (f: DecisionField, reasonRequired: string) => f.requiredMessage ?? (f.name === 'reason' ? reasonRequired : undefined);

/** Every operator decision: a question, the fields it needs (a reason …), checked by the contract's schema, one idempotency key per body sent. */
export function DecisionModal({ open, title, question, okText, danger, fields, schema, toBody, fieldOf, send, invalidates, onClose, waitingText, savedText, onStale }: Props) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const keys = useRequestKeys();
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const qc = useQueryClient();
  const form = useConsoleForm<Values, unknown>({
    schema,
    toBody,
    fieldOf,
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ''])),
    // What the dialog itself asks for, whatever the body allows (a reason this decision needs …).
    check: (v) =>
      Object.fromEntries(
        fields.map((f) => {
          const value = (v[f.name] ?? '').trim();
          if (f.required && !value) return [f.name, f.message ?? requiredOf(f, t('console.common.reasonRequired')) ?? t('console.auth.required')];
          // Too short is said as such, not as "Required" under a field that holds something.
          if (value && f.min !== undefined && value.length < f.min) return [f.name, t('console.common.tooShort', { min: f.min })];
          return [f.name, f.refuse?.(v)];
        }),
      ),
  });
  const { reset, watch } = form;
  // The server's refusal was of the values sent: a value typed since makes it stale (a smaller refund …).
  useEffect(() => {
    const typed = watch(() => (setError(null), setStale(false)));
    return () => typed.unsubscribe();
  }, [watch]);
  const initial = JSON.stringify(fields.map((f) => [f.name, f.initial ?? '']));
  useEffect(() => {
    if (open) {
      keys.renew();
      setError(null);
      setStale(false);
      reset(Object.fromEntries(JSON.parse(initial) as Array<[string, string]>));
    }
  }, [open, reset, initial, keys]);
  const mutation = useMutation({
    mutationFn: ({ values, body }: { values: Values; body: unknown }) => send(values, keys.keyFor(body), body),
    // The decision is saved: the dialog closes at once, and the lists refresh behind it (a slow refetch
    // must not keep a decided dialog over the page).
    onSuccess: (answer) => {
      // A call that creates value answers its request: waiting for a second operator unless done at once.
      const waiting = waitingRequestOf(answer);
      if (waiting) message.info(waitingText ? waitingText(waiting.id) : t('console.common.sentForApproval', { id: waiting.id }));
      else message.success((typeof savedText === 'function' ? savedText(answer) : savedText) ?? t('console.common.decisionSaved'));
      onClose(true);
      void invalidateEndpoints(qc, invalidates);
    },
    // The server's refusals of body fields show under their fields (in its words, the operator's language);
    // only what no field shows is said above the buttons.
    onError: (e) => {
      const shown = new Set(fields.map((f) => f.name));
      const elsewhere: string[] = [];
      const refused = refusedFieldsOf(e);
      for (const r of refused) {
        const name = fieldOf?.[r.field] ?? r.field;
        if (shown.has(name)) form.setError(name, { type: 'check', message: r.msg });
        else elsewhere.push(r.msg);
      }
      setStale(e instanceof ApiError && e.code === ResponseCode.editedSinceOpened);
      if (refused.length === 0) setError(e instanceof Error ? e.message : String(e));
      else setError(elsewhere.length ? elsewhere.join(' · ') : null);
    },
  });
  // A refusal that said only that the session had ended is gone once its operator signs in again (the reason typed stays).
  const { reset: resetMutation } = mutation;
  const forgetEnded = useCallback(() => (resetMutation(), setError(null)), [resetMutation]);
  useForgetEndedSession(mutation.error, forgetEnded);
  useReturnFocus(open);
  const decide = form.submit((body) => {
    if (!mutation.isPending) mutation.mutate({ values: form.getValues(), body });
  });
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('console.common.cancel')}
      okButtonProps={{ danger, loading: mutation.isPending }}
      onOk={() => void decide()}
      onCancel={() => onClose(false)}
      destroyOnHidden
      // Tab goes round inside the dialog: past its last button the focus went to the page behind for one stop.
      modalRender={(dialog) => <div onKeyDown={keepTabInside}>{dialog}</div>}
    >
      {/* A div, not a p: a question may hold a table or a list (a plan request's changes). */}
      <div style={{ marginBottom: 16 }}>{question}</div>
      <Form layout="vertical" component="div">
        {fields.map((f) => (
          <FormField key={f.name} form={form} name={f.name} label={f.label} required={f.required} message={f.message ?? (f.name === 'reason' ? t('console.common.reasonRequired') : undefined)} requiredMessage={requiredOf(f, t('console.common.reasonRequired'))}>
            {f.control ? (
              f.control
            ) : f.options ? (
              <Select options={f.options} placeholder={f.placeholder} />
            ) : f.multiline ? (
              <Input.TextArea rows={f.maxLength ? 5 : 3} maxLength={f.maxLength ?? 300} showCount={f.maxLength !== undefined} placeholder={f.placeholder} />
            ) : (
              <Input maxLength={f.maxLength ?? 100} placeholder={f.placeholder} />
            )}
          </FormField>
        ))}
      </Form>
      {form.unshown && <Alert type="error" showIcon title={form.unshown} style={{ marginBottom: 8 }} />}
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          action={
            stale && onStale ? (
              <Button size="small" onClick={() => (onClose(false), onStale())} data-testid="reload-stale">
                {t('console.common.refresh')}
              </Button>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}

/**
 * The keyboard goes back to what opened the dialog (a Reject button …) once it is dismissed or done.
 * Most pages drop the dialog as it closes, before antd's own return of the focus: the focus fell to
 * the page's body, where Enter does nothing. A page that puts it elsewhere (the next request) wins.
 */
function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  // Before the dialog takes the focus (its own effects run after the page's layout).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      const back = opener.current;
      opener.current = null;
      // Once the dialog's elements are gone and the page has placed the focus, if it has.
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && back?.isConnected) back.focus({ preventScroll: true });
      });
    };
  }, [open]);
}
