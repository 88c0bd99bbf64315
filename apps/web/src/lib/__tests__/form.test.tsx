import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { z } from 'zod';
import { Button } from 'antd-mobile';
import { TextField } from '@/components/form-field';
import { FieldList } from '@/components/field-list';
import { clearToasts, prepareApp, toastText, fieldRefusal } from '@/test/helpers';
import { firstProblem, readFields, useContractForm, type FieldReader } from '../form';

const body = z.object({
  account: z.string().trim().min(3),
  password: z.string().min(6, 'account.validation.password'),
  note: z.string().optional(),
});

beforeAll(() => prepareApp());
afterEach(async () => {
  cleanup();
  await clearToasts();
});

/** A form of two required fields and an optional one; what it sends, and when it is sent, is reported. */
function SignIn({ schema, onSend }: { schema: typeof body | (() => Promise<typeof body>); onSend: (v: z.output<typeof body>) => Promise<void> }) {
  const form = useContractForm(schema, {
    defaultValues: { account: '', password: '' },
    labels: [
      ['account', 'account.field.account'],
      ['password', 'account.field.password'],
    ],
  });
  const submit = form.submit(onSend);
  return (
    <>
      <FieldList>
        <TextField control={form.control} name="account" label="Account" />
        <TextField control={form.control} name="password" label="Password" type="password" onEnterPress={() => void submit()} />
      </FieldList>
      <output aria-label="typed">{form.watch('account') ?? ''}</output>
      <Button loading={form.busy} onClick={() => void submit()}>
        Send
      </Button>
      <button type="button" onClick={() => (form.setValue('account', 'mia2026'), form.setValue('note', String(form.getValues('account'))))}>
        Fill
      </button>
      <button type="button" onClick={() => form.reset()}>
        Clear
      </button>
    </>
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const send = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Send' })));

describe('a form checked by its contract schema', () => {
  it('refuses with the first empty field in screen order, then the schema’s own message, and sends nothing', async () => {
    const sent: unknown[] = [];
    render(<SignIn schema={body} onSend={async (v) => void sent.push(v)} />);
    await send();
    expect(await fieldRefusal()).toBe('Please enter Account');
    await clearToasts();
    type('account', 'mia');
    await send();
    expect(await fieldRefusal()).toBe('Please enter Password');
    await clearToasts();
    type('password', '123');
    await send();
    expect(await fieldRefusal()).toBe('The password must be 8 to 128 characters');
    expect(sent).toEqual([]);
  });

  it('shows the refusal under the refused field as an alert, marks the field invalid and described by it, and moves the focus to it: no toast covers the form', async () => {
    render(<SignIn schema={body} onSend={async () => undefined} />);
    const account = screen.getByRole('textbox', { name: 'Account' });
    const password = input('password');
    expect(account.getAttribute('aria-invalid')).toBeNull();
    await send();
    expect(account.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Please enter Account');
    expect(account.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(account);
    expect(await toastText()).toBe('');
    // Its words are in the page once.
    expect(screen.getAllByText('Please enter Account')).toHaveLength(1);
    // Put right, the field is no longer invalid and its message goes; the next refusal is the password's.
    type('account', 'mia');
    expect(account.getAttribute('aria-invalid')).toBeNull();
    expect(account.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await send();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
    expect(screen.getByRole('alert').textContent).toBe('Please enter Password');
    // The same words twice in a row are said twice: the alert's words come into it again.
    const said = screen.getByRole('alert').firstElementChild;
    await send();
    expect(screen.getByRole('alert').textContent).toBe('Please enter Password');
    expect(screen.getByRole('alert').firstElementChild).not.toBe(said);
  });

  it('a refusal no field on screen shows is a toast; one of a field chosen from a list asks to choose it', async () => {
    function Picked() {
      const form = useContractForm(z.object({ country: z.string().min(1), account: z.string().min(1) }), {
        defaultValues: { country: '', account: '' },
        labels: [
          ['country', 'address.field.country', 'choose'],
          ['account', 'account.field.account'],
        ],
      });
      return (
        <Button onClick={() => void form.submit(async () => undefined)()}>
          Send
        </Button>
      );
    }
    render(<Picked />);
    await send();
    expect(await toastText()).toBe('Please choose Country/Region');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the schema’s output once however often Send is tapped meanwhile, busy until the call ends', async () => {
    const sent: unknown[] = [];
    let finish = () => {};
    render(<SignIn schema={body} onSend={(v) => new Promise<void>((resolve) => (sent.push(v), (finish = resolve)))} />);
    type('account', '  mia  ');
    type('password', 'secret1');
    const button = screen.getByRole('button', { name: 'Send' });
    await send();
    // Enter in the password field sends too, and is not stopped by the busy button.
    const enter = () => act(async () => void fireEvent.keyDown(input('password'), { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await enter();
    await enter();
    expect(sent).toEqual([{ account: 'mia', password: 'secret1' }]);
    expect(button.className).toContain('adm-button-loading');
    await act(async () => finish());
    expect(button.className).not.toContain('adm-button-loading');
    await enter();
    expect(sent).toHaveLength(2);
  });

  it('loads a first screen’s schema at the first check, not before', async () => {
    let loads = 0;
    const sent: unknown[] = [];
    render(<SignIn schema={async () => (loads++, body)} onSend={async (v) => void sent.push(v)} />);
    type('account', 'mia');
    expect(loads).toBe(0);
    await send();
    type('password', 'secret1');
    await send();
    expect(loads).toBe(1);
    expect(sent).toEqual([{ account: 'mia', password: 'secret1' }]);
  });

  it('reads a value set in the same event, shows it at the next render, and starts again from the defaults on reset', async () => {
    const sent: unknown[] = [];
    render(<SignIn schema={body} onSend={async (v) => void sent.push(v)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect(screen.getByLabelText('typed').textContent).toBe('mia2026');
    expect(input('account').value).toBe('mia2026');
    type('password', 'secret1');
    await send();
    expect(sent).toEqual([{ account: 'mia2026', password: 'secret1', note: 'mia2026' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input('account').value).toBe('');
    expect(input('password').value).toBe('');
  });
});

describe('fields read before the check', () => {
  const reader: FieldReader = (typed) => (/^\d+(,\d+)?$/.test(typed) ? { value: typed.replace(',', '.') } : { problem: 'wallet.validation.amountFormat', params: { example: '10,000.50' } });

  it('puts what the reader makes of a field in the body, leaves an empty field to the schema, and refuses in the reader’s words', () => {
    expect(readFields({ amount: '10,50', note: 'x' }, { amount: reader })).toEqual({ values: { amount: '10.50', note: 'x' }, errors: {} });
    expect(readFields({ amount: ' ' }, { amount: reader })).toEqual({ values: { amount: ' ' }, errors: {} });
    const { errors } = readFields({ amount: '10.5.0' }, { amount: reader });
    expect(firstProblem(errors, { amount: '10.5.0' }, [['amount', 'wallet.field.amount']])).toBe('Please enter the amount like 10,000.50, with up to 2 decimals');
  });
});
