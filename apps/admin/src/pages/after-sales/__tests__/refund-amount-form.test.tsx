import { act, fireEvent, screen } from '@testing-library/react';
import { roleAllows } from '@shop/contract';
import { describe, expect, it, vi } from 'vitest';
import { DecisionModal } from '../../../components/DecisionModal';
import { fieldsOf } from '../../../components/ReviewQueue';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import { caseRow } from '../../../test/fixtures';
import { caseActions } from '../case-actions';

// A tester in Japanese typed the refund as "150,5" and was told only "正しくありません" (not valid). The
// refusal of an amount says the form it takes, in the operator's language and with the decimal mark the
// console reads in that language ("150.50" in Japanese, "150,50" in Hungarian).

signedInAgainst({ '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'aftersales.decide', 'refunds.decide'], totp_bound: true } });

const row = caseRow({ refundable: 20_000 });

async function typeRefund(typed: string, approve: string) {
  const t = i18n.t.bind(i18n) as never;
  const action = caseActions(t, (p) => roleAllows('owner', p)).find((a) => a.key === 'approve' && a.when(row))!;
  const send = vi.fn(async () => ({}));
  renderInConsole(<DecisionModal open title={action.label} question="?" okText={approve} fields={fieldsOf(action, row)} schema={action.schema} toBody={(v) => action.toBody!(row, v)} send={send} invalidates={[]} onClose={() => undefined} />);
  const amount = screen.getByRole('textbox', { name: new RegExp(`\\(USD\\)$`) });
  fireEvent.change(amount, { target: { value: typed } });
  await act(async () => void fireEvent.click(screen.getByText(approve, { selector: 'button span' })));
  expect(send).not.toHaveBeenCalled();
  return amount;
}

describe('a refused refund amount', () => {
  it('says the form it takes, in Japanese', async () => {
    await changeLanguage('jp');
    await typeRefund('150,5', 'Go');
    expect(await screen.findByText('150.50 のように金額を入力してください', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('正しくありません')).toBeNull();
  }, 60_000);

  it('with the decimal mark of Hungarian', async () => {
    await changeLanguage('hu');
    await typeRefund('150.5', 'Go');
    expect(await screen.findByText('Adjon meg egy összeget, például: 150,50', {}, { timeout: 10_000 })).toBeTruthy();
  }, 60_000);
});
