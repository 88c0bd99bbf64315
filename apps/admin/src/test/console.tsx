import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Language } from '@shop/contract';
import { changeLanguage, initI18n } from '../lib/i18n';
import { sessionStore } from '../lib/session';
import { answeringFrom } from './fake-api';

/**
 * A test file's console: signed in before each test, in `language`, its calls answered from `answers`
 * (read at each call, so a test may change an answer between steps); signed out and unmounted after.
 */
export function signedInAgainst(answers: Record<string, unknown>, language: Language = 'en-us') {
  beforeAll(initI18n);
  beforeEach(async () => {
    await changeLanguage(language);
    sessionStore.signIn('token');
    vi.stubGlobal('fetch', answeringFrom(answers));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.end('signed_out');
  });
}

/** `ui` inside what every console page has around it: queries without retries, antd's App and, given an address, a router at it. */
export function renderInConsole(ui: ReactNode, at?: string) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>{at === undefined ? ui : <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>}</AntApp>
    </QueryClientProvider>,
  );
}
