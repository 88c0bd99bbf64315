import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { DecisionModal } from '../DecisionModal';

// Every console decision (approvals, settings changes with a reason, ending a promotion …) goes
// through this dialog: what it sends twice is one request, what the operator corrects a new one.

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('a decision dialog', () => {
  it('sends a body again with its key, and a corrected body with a new one', async () => {
    const sent: Array<{ reason: string; key: string }> = [];
    const send = vi.fn(async (values: Record<string, string>, key: string) => {
      sent.push({ reason: values.reason ?? '', key });
      if (values.reason !== 'Stock counted again') throw new Error('Only 40 left of Colour 1');
      return { ok: true };
    });
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AntApp>
          <DecisionModal open title="Change" question="Why?" okText="Save" fields={[{ name: 'reason', label: 'Reason', required: true, multiline: true }]} send={send} invalidates={[]} onClose={onClose} />
        </AntApp>
      </QueryClientProvider>,
    );
    const reason = screen.getByRole('textbox');
    const save = () => act(async () => void fireEvent.click(screen.getByText('Save')));
    fireEvent.change(reason, { target: { value: 'Restock' } });
    await save();
    expect(await screen.findByText('Only 40 left of Colour 1')).toBeTruthy();
    await save();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).toBe(sent[0]!.key);

    fireEvent.change(reason, { target: { value: 'Stock counted again' } });
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(sent).toHaveLength(3);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });

  it('a refusal of the values sent goes once the operator types another value', async () => {
    const send = vi.fn(async () => {
      throw new Error('The refund may be at most 12.50 USD');
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AntApp>
          <DecisionModal open title="Approve" question="Approve?" okText="Approve" fields={[{ name: 'refund_amount', label: 'Refund' }]} send={send} invalidates={[]} onClose={() => undefined} />
        </AntApp>
      </QueryClientProvider>,
    );
    const amount = screen.getByRole('textbox', { name: 'Refund' });
    fireEvent.change(amount, { target: { value: '20' } });
    await act(async () => void fireEvent.click(screen.getByText('Approve', { selector: 'button span' })));
    expect(await screen.findByText('The refund may be at most 12.50 USD')).toBeTruthy();
    await act(async () => void fireEvent.change(amount, { target: { value: '12' } }));
    await waitFor(() => expect(screen.queryByText('The refund may be at most 12.50 USD')).toBeNull());
  });

  it('says a value too short is too short, not that it is required, and sends nothing', async () => {
    const send = vi.fn(async () => ({ ok: true }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AntApp>
          <DecisionModal open title="Mark paid" question="Paid?" okText="Save" fields={[{ name: 'reference', label: 'Payout reference', required: true, min: 3 }]} send={send} invalidates={[]} onClose={() => undefined} />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'ab' } });
    await act(async () => void fireEvent.click(screen.getByText('Save')));
    expect(await screen.findByText('At least 3 characters')).toBeTruthy();
    expect(screen.queryByText('Required')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });
});
