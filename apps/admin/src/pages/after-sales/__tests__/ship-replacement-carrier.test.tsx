import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { roleAllows } from '@shop/contract';
import { describe, expect, it, vi } from 'vitest';
import { DecisionModal } from '../../../components/DecisionModal';
import { fieldsOf } from '../../../components/ReviewQueue';
import { i18n } from '../../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import { caseRow } from '../../../test/fixtures';
import { caseActions } from '../case-actions';

// Shipping an order offers the shop's carriers (Pos Laju, J&T Express, DHL … and "Other carrier"); the
// replacement of an exchange asked for its carrier as free text. It offers the same list, the same way.

const at = '2026-11-30T10:00:00.000Z';
const carrier = (code: string, name: string, enabled = true) => ({ code, name, needs_phone_tail: false, enabled, updated_at: at });
const settings = { return_days: 7, exchange_days: 15, max_exchanges: 1, ship_back_days: 7, auto_complete_days: 7, review_edit_days: 30, updated_by: 'system', updated_at: at };
signedInAgainst({
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'aftersales.decide'], totp_bound: true },
  '/admin/api/after-sales/settings': { settings, addresses: [], reasons: [], carriers: [carrier('poslaju', 'Pos Laju'), carrier('jnt', 'J&T Express'), carrier('old', 'Old Post', false)] },
});

const exchange = caseRow({ kind: 'exchange', status: 'received' });

function openShip(send: (values: Record<string, string>, key: string, body: unknown) => Promise<unknown>) {
  const t = i18n.t.bind(i18n) as never;
  const action = caseActions(t, (p) => roleAllows('owner', p)).find((a) => a.key === 'ship' && a.when(exchange))!;
  renderInConsole(<DecisionModal open title={action.label} question="Ship?" okText="Ship" fields={fieldsOf(action, exchange)} schema={action.schema} toBody={(v) => action.toBody!(exchange, v)} send={send} invalidates={[]} onClose={() => undefined} />);
}

describe('shipping an exchange’s replacement', () => {
  it('chooses the carrier from the shop’s list, or types another', async () => {
    const send = vi.fn(async () => ({ id: 41, status: 'replacement_shipped' }));
    openShip(send);
    const choice = await screen.findByRole('combobox', { name: 'Carrier' }, { timeout: 10_000 });
    await act(async () => void fireEvent.mouseDown(choice));
    await screen.findByText('Pos Laju', { selector: '.ant-select-item-option-content' });
    expect([...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent)).toEqual(['Pos Laju', 'J&T Express', 'Other carrier…']);
    await act(async () => void fireEvent.click(screen.getByText('J&T Express', { selector: '.ant-select-item-option-content' })));
    fireEvent.change(screen.getByRole('textbox', { name: 'Tracking number' }), { target: { value: 'JT-12345' } });
    await act(async () => void fireEvent.click(screen.getByText('Ship', { selector: 'button span' })));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect((send.mock.calls[0] as unknown[])[2]).toEqual({ id: 41, carrier: 'J&T Express', tracking_number: 'JT-12345' });
  }, 60_000);
});
