import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi, fieldRefusal } from '@/test/helpers';
import { i18n } from '@/lib/i18n';
import { ContactForm, PayPasswordForm, RealNameForm } from '../components/security-sheets';
import { Sheet } from '../components/sheet';

const user = memberFixture({ user_name: 'member01', invite_code: 'ABCDEFGH' });
const api = await startFakeApi({
  '/attractive/country/getAreaPre': () => ok({ country: 'US', pre: '1' }),
  // Named in the member's language, as the server names every country.
  '/attractive/countryCode': (r) =>
    ok(
      r.headers['think-lang'] === 'km'
        ? [{ code: 'CN', name: 'ចិន', pre: '86' }, { code: 'TH', name: 'ថៃ', pre: '66' }, { code: 'US', name: 'សហរដ្ឋអាមេរិក', pre: '1' }]
        : r.headers['think-lang'] === 'zh-tw'
          ? [{ code: 'CN', name: '中國', pre: '86' }, { code: 'TW', name: '台灣', pre: '886' }, { code: 'TH', name: '泰國', pre: '66' }, { code: 'JP', name: '日本', pre: '81' }]
          : [{ code: 'CN', name: 'China', pre: '86' }, { code: 'US', name: 'United States', pre: '1' }],
    ),
  '/attractive/user/setMobileEmail': () => ok({ ...user, email: 'new@example.com' }),
  '/user/reset/pay_password': () => ok({ ok: true }),
  '/user/certification/info': () => ok({ status: 'none', record: null }),
  '/user/certification/getUserType': () => ok(userType),
  '/user/certification/authType': () => ok([{ value: 'id_card', label: 'ID card' }, { value: 'passport', label: 'Passport' }]),
  // As the server lists them: the reader's own country first, then the others by name, the mainland left out.
  '/user/certification/countryList': (r) =>
    ok(
      r.headers['think-lang'] === 'zh-tw'
        ? [{ code: 'TW', name: '台灣', pre: '886' }, { code: 'JP', name: '日本', pre: '81' }, { code: 'TH', name: '泰國', pre: '66' }]
        : [{ code: 'TH', name: r.headers['think-lang'] === 'km' ? 'ថៃ' : 'Thailand', pre: '66' }],
    ),
});
/** Which form the member starts from, as the server last said. */
let userType: { kind: 'mainland' | 'international'; country: string | null; status: 'none' } = { kind: 'international', country: null, status: 'none' };

beforeAll(() => prepareApp());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  api.requests.length = 0;
  userType = { kind: 'international', country: null, status: 'none' };
});
afterEach(async () => {
  cleanup();
  await clearToasts();
  useLanguage.getState().setLang('en-us');
  await act(() => i18n.changeLanguage('en-us'));
});
afterAll(() => api.close());

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const type = (name: string, value: string) => fireEvent.change(input(name)!, { target: { value } });

function renderContactForm() {
  let done = false;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ContactForm kind="email" onDone={() => (done = true)} />
    </QueryClientProvider>,
  );
  return () => done;
}

const sentBody = () => JSON.parse(api.requests.find((r) => r.url === '/attractive/user/setMobileEmail')?.body ?? 'null') as Record<string, string> | null;

describe('changing the e-mail in the security sheet', () => {
  it('asks for the login password, and sends it with the change', async () => {
    useSession.getState().signIn('tok-1', user);
    const isDone = renderContactForm();
    expect(input('google_code')).toBeNull();
    type('email', 'new@example.com');
    type('code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await fieldRefusal()).toBe('Please enter Login password');
    expect(sentBody()).toBeNull();

    type('current_password', 'my-secret-pass');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      for (let i = 0; i < 50 && !isDone(); i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(sentBody()).toEqual({ email: 'new@example.com', code: '123456', current_password: 'my-secret-pass' });
  });

  it('once an authenticator is bound, asks for its code instead of the password', async () => {
    useSession.getState().signIn('tok-2', { ...user, google_bound: true });
    const isDone = renderContactForm();
    expect(input('current_password')).toBeNull();
    type('email', 'new@example.com');
    type('code', '123456');
    type('google_code', '654321');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      for (let i = 0; i < 50 && !isDone(); i++) await new Promise((r) => setTimeout(r, 20));
    });
    expect(sentBody()).toEqual({ email: 'new@example.com', code: '123456', google_code: '654321' });
  });
});

describe('setting the pay password in the security sheet', () => {
  const renderPayPasswordForm = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PayPasswordForm onDone={() => {}} />
      </QueryClientProvider>,
    );
  /** The line under the pay password field. */
  const ruleUnder = () => input('pay_password')?.closest('.adm-list-item')?.querySelector('.adm-list-item-description')?.textContent;

  it('says under the field what a pay password is, and refuses another one in the same words, in the member’s language', async () => {
    useSession.getState().signIn('tok-3', user);
    renderPayPasswordForm();
    expect(ruleUnder()).toBe('The payment password must be 6 digits');
    cleanup();

    await act(() => i18n.changeLanguage('th'));
    renderPayPasswordForm();
    const rule = ruleUnder();
    expect(rule).toBe('รหัสผ่านการชำระเงินต้องเป็นตัวเลข 6 หลัก');
    type('pay_password', '12345');
    type('pay_password_confirm', '12345');
    type('code', '123456');
    type('current_password', 'my-secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(await fieldRefusal()).toBe(rule);
    expect(api.requests.some((r) => r.url === '/user/reset/pay_password')).toBe(false);
  });

  it('asks for the login password (not a “current” one, while there is no pay password yet), in the member’s language', async () => {
    useSession.getState().signIn('tok-3', user);
    renderPayPasswordForm();
    expect(screen.getAllByLabelText('Login password')).toContain(input('current_password'));
    expect(screen.queryByText('Current password')).toBeNull();
    cleanup();
    await act(() => i18n.changeLanguage('jp'));
    renderPayPasswordForm();
    expect(screen.getAllByLabelText('ログインパスワード')).toContain(input('current_password'));
    expect(screen.queryByText('現在のパスワード')).toBeNull();
  });

  it('closes by a button in the sheet, not only by tapping beside it', async () => {
    let closed = 0;
    useSession.getState().signIn('tok-3', user);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Sheet open onClose={() => (closed += 1)} title="Pay password">
          <PayPasswordForm onDone={() => {}} />
        </Sheet>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(closed).toBe(1);
  });

  it('refuses a pay password anyone would guess before sending it, in the member’s language', async () => {
    useSession.getState().signIn('tok-3', user);
    await act(() => i18n.changeLanguage('en-us'));
    renderPayPasswordForm();
    type('pay_password', '000000');
    type('pay_password_confirm', '000000');
    type('code', '123456');
    type('current_password', 'my-secret-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await fieldRefusal()).toBe('This payment password is too easy to guess. Do not use six identical digits or a sequence such as 123456');
    expect(api.requests.some((r) => r.url === '/user/reset/pay_password')).toBe(false);
  });
});

describe('the real-name request', () => {
  it('by keyboard: the document type and the title are named groups of radios Tab reaches', async () => {
    useSession.getState().signIn('member-token', user);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RealNameForm onDone={() => undefined} />
      </QueryClientProvider>,
    );
    await screen.findByRole('option', { name: 'Thailand' });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Country that issued your document' }), { target: { value: 'TH' } });
    const types = await screen.findByRole('radiogroup', { name: 'Document type' });
    await within(types).findByRole('radio', { name: 'Passport' });
    expect(within(types).getByRole('radio', { name: 'Passport' }).getAttribute('aria-checked')).toBe('true');
    const idCard = within(types).getByRole('radio', { name: 'ID card' });
    idCard.focus();
    expect(document.activeElement).toBe(idCard);
    fireEvent.click(idCard);
    expect(idCard.getAttribute('aria-checked')).toBe('true');
    const titles = screen.getByRole('radiogroup', { name: 'Title' });
    const ms = within(titles).getByRole('radio', { name: 'Ms' });
    ms.focus();
    expect(document.activeElement).toBe(ms);
    fireEvent.click(ms);
    expect(ms.getAttribute('aria-checked')).toBe('true');
  });

  const renderRealNameForm = () =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RealNameForm onDone={() => undefined} />
      </QueryClientProvider>,
    );
  const issuingCountry = () => screen.findByRole<HTMLSelectElement>('combobox', { name: 'Country that issued your document' });

  it('names China as the server names every other country, in the member’s language (not the browser’s, which may not know Khmer)', async () => {
    // A browser without Khmer region names (Chromium's) answers in English.
    const intl = Intl as { DisplayNames: typeof Intl.DisplayNames };
    const BrowserDisplayNames = intl.DisplayNames;
    intl.DisplayNames = class extends BrowserDisplayNames {
      constructor(_locales: string[], options: Intl.DisplayNamesOptions) {
        super(['en'], options);
      }
    } as typeof Intl.DisplayNames;
    try {
      useLanguage.getState().setLang('km');
      await act(() => i18n.changeLanguage('km'));
      useSession.getState().signIn('member-token', user);
      renderRealNameForm();
      await screen.findByRole('option', { name: 'ថៃ' });
      await screen.findByRole('option', { name: 'ចិន' });
      expect(screen.queryByRole('option', { name: 'China' })).toBeNull();
    } finally {
      intl.DisplayNames = BrowserDisplayNames;
    }
  });

  it('chooses no country for a member whose country is not known: no mainland ID card checked by default', async () => {
    useSession.getState().signIn('member-token', user);
    renderRealNameForm();
    await screen.findByRole('option', { name: 'Thailand' });
    expect((await issuingCountry()).value).toBe('');
    expect(screen.queryByRole('radiogroup', { name: 'Document type' })).toBeNull();
  });

  it('starts from the country the member’s phone or registration names', async () => {
    userType = { kind: 'international', country: 'TH', status: 'none' };
    useSession.getState().signIn('member-token', user);
    renderRealNameForm();
    await screen.findByRole('option', { name: 'Thailand' });
    expect((await issuingCountry()).value).toBe('TH');
    const types = await screen.findByRole('radiogroup', { name: 'Document type' });
    expect((await within(types).findByRole('radio', { name: 'Passport' })).getAttribute('aria-checked')).toBe('true');
  });

  it('lists a Traditional Chinese reader’s Taiwan first, and the mainland in its place by name, not at the top', async () => {
    useLanguage.getState().setLang('zh-tw');
    await act(() => i18n.changeLanguage('zh-tw'));
    useSession.getState().signIn('member-token', user);
    renderRealNameForm();
    await screen.findByRole('option', { name: '中國' });
    const codes = [...document.querySelectorAll<HTMLOptionElement>('select[name="issuing_country"] option')].map((o) => o.value);
    expect(codes).toEqual(['', 'TW', 'CN', 'JP', 'TH']);
  });

  it('starts from mainland China’s form for a member known to be of it', async () => {
    userType = { kind: 'mainland', country: 'CN', status: 'none' };
    useSession.getState().signIn('member-token', user);
    renderRealNameForm();
    await screen.findByRole('option', { name: 'China' });
    expect((await issuingCountry()).value).toBe('CN');
    const types = await screen.findByRole('radiogroup', { name: 'Document type' });
    expect((await within(types).findByRole('radio', { name: 'ID card' })).getAttribute('aria-checked')).toBe('true');
  });
});
