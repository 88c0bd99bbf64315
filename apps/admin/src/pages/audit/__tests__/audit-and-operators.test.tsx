import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Audit from '../Audit';
import Operators from '../../settings/Operators';

// The audit log showed a list export's filters as raw JSON (`{}`, `{"status":"posted"}`) in every
// language, and could not tell a decision typed on the command line from one made in the console. The
// Thai operators table at 1024 px broke user names mid-word ("p7revi/ewer") and a date over three lines.

beforeAll(async () => {
  await initI18n();
});

const at = '2026-11-30T09:15:00.000Z';
const entry = (id: number, operator: string, action: string, target_type: string, target_id: number, reason: string | null, via: 'command_line' | null = null) => ({ id, operator, action, target_type, target_id, reason, via, created_at: at });
const answers: Record<string, unknown> = {
  '/admin/api/audit': {
    list: [
      entry(4, 'own2#2', 'points.grant.approve #2 5000000 points', 'approval', 2, null, 'command_line'),
      entry(3, 'olivia#1', 'export.adjustments', 'export', 0, '{"status":"posted","from":"2026-11-01","currency":["USD","MYR"]}'),
      entry(2, 'olivia#1', 'export.audit', 'export', 0, '{}'),
      entry(1, 'olivia#1', 'user.ban', 'user', 12, '{"not":"a filter"}'),
    ],
    total: 4,
    page: 1,
    limit: 50,
  },
  '/admin/api/auth/me': { id: 1, user_name: 'own1', role: 'owner', permissions: ['operators.manage'], totp_bound: true },
  '/admin/api/operators': {
    list: [
      { id: 7, user_name: 'p7reviewer', role: 'reviewer', status: 'active', totp_bound: true, pending_setup: false, sign_in_count: 3, last_sign_in_at: at, member_id: null, created_by: 'own1#1', created_at: at },
      { id: 1, user_name: 'own1', role: 'owner', status: 'active', totp_bound: true, pending_setup: false, sign_in_count: 9, last_sign_in_at: at, member_id: null, created_by: 'admin', created_at: at },
    ],
  },
};
beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const data = answers[new URL(url, 'http://console').pathname];
    return new Response(JSON.stringify(data === undefined ? { code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 50 } } : { code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
  await changeLanguage('en-us');
});

const shown = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>{ui}</AntApp>
    </QueryClientProvider>,
  );
const rowOf = async (text: string) => (await screen.findAllByText(text, { exact: false }))[0]!.closest('tr')!;

describe('the audit log', () => {
  it('shows an export’s filters in words and a command-line decision as such, in English', async () => {
    await changeLanguage('en-us');
    shown(<Audit />);
    expect((await rowOf('own2#2')).textContent).toContain('command line');
    // The filters by the console's labels and a status by its text (not `status = posted`), currencies as codes.
    expect(screen.getByText('Filters: Status = Posted; From = 2026-11-01; Currency = USD, MYR')).toBeTruthy();
    expect((await rowOf('Filters: Status')).textContent).toContain('Adjustments');
    expect(screen.getByText('No filters')).toBeTruthy();
    // Another decision's reason is shown as written, even when it looks like data.
    expect(screen.getByText('{"not":"a filter"}')).toBeTruthy();
    expect(document.body.textContent).not.toContain('{"status"');
    expect((await rowOf('olivia#1')).textContent).not.toContain('command line');
  });

  it('in Thai', async () => {
    await changeLanguage('th');
    shown(<Audit />);
    expect((await rowOf('own2#2')).textContent).toContain('บรรทัดคำสั่ง');
    expect(screen.getByText('ตัวกรอง: สถานะ = บันทึกแล้ว; ตั้งแต่ = 2026-11-01; สกุลเงิน = USD, MYR')).toBeTruthy();
    expect(screen.getByText('ไม่มีตัวกรอง')).toBeTruthy();
  });
});

describe('the operators table', () => {
  it('keeps user names, dates and who created them whole on one line, in Thai', async () => {
    await changeLanguage('th');
    shown(<Operators />);
    const row = await rowOf('p7reviewer');
    const cells = [...row.querySelectorAll('td')];
    const nameCell = cells.find((c) => c.textContent === 'p7reviewer')!;
    const createdBy = cells.find((c) => c.textContent === 'own1#1')!;
    // The last sign-in, the column before who created the operator (in the Thai calendar: 2569).
    const date = cells[cells.indexOf(createdBy) - 1]!;
    expect(date.textContent).toMatch(/2569/);
    // No wrapping at all in these cells (the table's break-anywhere only applies where text may wrap).
    for (const cell of [nameCell, createdBy, date]) expect(cell.style.whiteSpace, cell.textContent!).toBe('nowrap');
    // The role beside them still wraps as it needs to.
    expect(cells[cells.indexOf(nameCell) + 1]!.style.whiteSpace).not.toBe('nowrap');
  });
});
