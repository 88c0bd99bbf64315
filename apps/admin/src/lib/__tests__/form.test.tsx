import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, Form, Input, Radio } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { initI18n } from '../i18n';
import { FormField, useConsoleForm } from '../form';
import { parseAmount } from '../money';

// The console's one form pattern: antd fields controlled by react-hook-form, checked by a contract
// schema over the body the call sends (made of the values), with the console's own texts.

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

/** The body of a call: a code, an amount in minor units, a reason. */
const body = z.object({ code: z.string().regex(/^[A-Z]{4,8}$/), amount: z.number().int().min(1), reason: z.string().trim().min(1) });

function Coupon({ onValid, needsReason }: { onValid: (b: z.output<typeof body>) => void; needsReason?: boolean }) {
  const form = useConsoleForm<{ code: string; amount: string; reason: string }, z.output<typeof body>>({
    schema: async () => body,
    defaultValues: { code: '', amount: '', reason: 'opening' },
    // The operator types major units; the call takes minor units.
    toBody: (v) => ({ code: v.code.trim().toUpperCase(), amount: parseAmount(v.amount, 'USD') ?? Number.NaN, reason: v.reason }),
    check: (v) => ({ reason: needsReason && v.reason === 'opening' && 'Say why this time' }),
  });
  return (
    <Form component="div">
      <FormField form={form} name="code" label="Code" message="4 to 8 letters">
        <Input aria-label="code" />
      </FormField>
      <FormField form={form} name="amount" label="Amount">
        <Input aria-label="amount" />
      </FormField>
      <FormField form={form} name="reason" label="Reason">
        <Input aria-label="reason" />
      </FormField>
      <Button onClick={() => void form.submit(onValid)()}>Save</Button>
    </Form>
  );
}

const save = () => act(async () => void fireEvent.click(screen.getByText('Save')));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('a console form', () => {
  it('shows each field’s refusal under it, in the console’s words, and sends nothing', async () => {
    const sent = vi.fn();
    render(<Coupon onValid={sent} />);
    await save();
    // An empty amount: "Required"; the code's own message for a refused code.
    expect(await screen.findByText('4 to 8 letters')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    type('code', 'ab');
    type('amount', '0.001');
    await save();
    expect(await screen.findByText('Not valid')).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
  });

  it('hands the body the schema made (minor units, upper-case code) to the submit', async () => {
    const sent = vi.fn();
    render(<Coupon onValid={sent} />);
    type('code', ' spring ');
    type('amount', '12.50');
    await save();
    expect(sent).toHaveBeenCalledWith({ code: 'SPRING', amount: 1250, reason: 'opening' });
  });

  it('brings the first refused field on the screen into view with the caret in it', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      render(<Coupon onValid={vi.fn()} needsReason />);
      // The code is fine; the amount (empty) and the reason (the screen's check) are refused: the amount comes first.
      type('code', 'WELCOME');
      await save();
      await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('amount')));
      expect(scrolled.at(-1)?.contains(screen.getByLabelText('amount'))).toBe(true);
      expect(scrolled.at(-1)?.contains(screen.getByLabelText('reason'))).toBe(false);
      // Typed, the amount is fine: the next save brings the reason.
      type('amount', '5');
      await save();
      await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('reason')));
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('runs the screen’s own checks beside the schema', async () => {
    const sent = vi.fn();
    render(<Coupon onValid={sent} needsReason />);
    type('code', 'AUTUMN');
    type('amount', '5');
    await save();
    expect(await screen.findByText('Say why this time')).toBeTruthy();
    expect(sent).not.toHaveBeenCalled();
  });
});

// A screen reader reaches a field by its label and hears its refusal with it.
function Labelled() {
  const form = useConsoleForm<{ code: string; kind: string }, { code: string; kind: string }>({
    schema: async () => z.object({ code: z.string().min(4), kind: z.string() }),
    defaultValues: { code: '', kind: 'a' },
  });
  return (
    <Form component="div">
      <FormField form={form} name="code" label="Code" extra="Letters only" message="4 letters at least" required>
        <Input />
      </FormField>
      <FormField form={form} name="kind" label="Kind">
        <Radio.Group options={[{ value: 'a', label: 'Amount' }, { value: 'p', label: 'Percent' }]} />
      </FormField>
      <Button onClick={() => void form.submit(() => undefined)()}>Save</Button>
    </Form>
  );
}

describe('a console field', () => {
  it('is named by its label, and its refusal is announced and read with it', async () => {
    render(<Labelled />);
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(code.getAttribute('aria-required')).toBe('true');
    expect(code.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Kind' })).toBeTruthy();
    const described = () => (code.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described()).toEqual(['Letters only']);
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe('4 letters at least');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(described()).toEqual(['4 letters at least', 'Letters only']);
  });
});

// A field made of several controls (pictures with their buttons …) is a group named by its label, its refusal read with it.
function Pictures({ value, onChange, ...control }: { value?: string[]; onChange?: (v: string[]) => void }) {
  return (
    <div {...control} role="group">
      {(value ?? []).join(', ')}
      <button type="button" onClick={() => onChange?.(['a.png'])}>
        Upload
      </button>
    </div>
  );
}
function Grouped() {
  const form = useConsoleForm<{ images: string[] }, { images: string[] }>({ schema: async () => z.object({ images: z.array(z.string()).min(1) }), defaultValues: { images: [] } });
  return (
    <Form component="div">
      <FormField form={form} name="images" label="Pictures" message="Add a picture" group>
        <Pictures />
      </FormField>
      <Button onClick={() => void form.submit(() => undefined)()}>Save</Button>
    </Form>
  );
}

describe('a console field of several controls', () => {
  it('is a group named by its label, and its refusal is read with it', async () => {
    render(<Grouped />);
    const group = screen.getByRole('group', { name: 'Pictures' });
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe('Add a picture');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect((group.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent)).toEqual(['Add a picture']);
  });
});
