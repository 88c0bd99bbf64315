import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { LanguageTexts } from '../LanguageTexts';

// Editing a member-app text: an empty one is refused under the text before anything is sent, and
// the server's refusal of a text (a placeholder renamed) shows under the text too, in its words.

beforeAll(async () => {
  await initI18n();
});

const RENAMED = 'Keep the shipped text’s placeholders exactly as written: {{minutes}} is missing, and {{minute}} is not a placeholder of this text';
const ENDED = 'Authentication failed, please log in again';
const row = { key: 'account.code.loginLocked', text: 'Too many failed attempts, please try again in {{minutes}} minutes', shipped: 'Too many failed attempts, please try again in {{minutes}} minutes', changed: false, updated_by: null, updated_at: null };
const saved: unknown[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeEach(() => {
  sessionStore.signIn('token-1');
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path === '/admin/api/settings/language-texts') return json(200, { code: 200, msg: 'ok', data: { lang: 'en-us', version: 'v1', list: [row], total: 1, page: 1, limit: 20, has_more: false } });
    if (path === '/admin/api/settings/language-text') {
      saved.push(JSON.parse(String(init?.body)));
      return json(answer.status, answer.body);
    }
    return json(404, { code: 404, msg: 'Not found', data: null });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  saved.length = 0;
  sessionStore.end('signed_out');
});

/** What a screen reader reads with a field: its refusal under it. */
const describedBy = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');

async function openEditor() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <LanguageTexts ask={() => undefined} />
      </AntApp>
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByTestId(`edit-${row.key}`));
  const dialog = await screen.findByRole('dialog');
  return { dialog, text: within(dialog).getByLabelText('Text') as HTMLTextAreaElement, reason: within(dialog).getByLabelText('Reason') as HTMLTextAreaElement, save: within(dialog).getByRole('button', { name: 'Save' }) };
}

describe('editing a language text in the console', () => {
  it('an emptied text is refused under the text and nothing is sent; the server’s refusal of a placeholder shows under the text', async () => {
    await changeLanguage('en-us');
    const { dialog, text, reason, save } = await openEditor();
    expect(text.value).toBe(row.text);
    expect(dialog.textContent).toContain(`As shipped: ${row.shipped}`);
    for (const value of ['', '   ']) {
      fireEvent.change(text, { target: { value } });
      fireEvent.change(reason, { target: { value: 'tidy up' } });
      await act(async () => void fireEvent.click(save));
      await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
      expect(describedBy(text)).toContain('The text cannot be empty');
    }
    expect(saved).toEqual([]);

    answer = { status: 422, body: { code: 422, msg: RENAMED, data: { errors: [{ field: 'text', msg: RENAMED }] } } };
    fireEvent.change(text, { target: { value: 'Locked: wait {{minute}} minutes' } });
    await act(async () => void fireEvent.click(save));
    await waitFor(() => expect(describedBy(text)).toContain(RENAMED));
    expect(saved).toEqual([{ lang: 'en-us', key: row.key, text: 'Locked: wait {{minute}} minutes', reason: 'tidy up' }]);
  });

  it('a save refused because the session ended is said until the same operator signs in again over the page', async () => {
    await changeLanguage('en-us');
    const { dialog, text, reason, save } = await openEditor();
    answer = { status: 200, body: { code: 2001, msg: ENDED, data: null } };
    fireEvent.change(text, { target: { value: 'Locked for {{minutes}} minutes' } });
    fireEvent.change(reason, { target: { value: 'shorter' } });
    await act(async () => void fireEvent.click(save));
    await within(dialog).findByText(ENDED);
    act(() => sessionStore.resume('token-2'));
    await waitFor(() => expect(within(dialog).queryByText(ENDED)).toBeNull());
    // What was typed stays, to be saved again.
    expect([text.value, reason.value]).toEqual(['Locked for {{minutes}} minutes', 'shorter']);
  });
});
