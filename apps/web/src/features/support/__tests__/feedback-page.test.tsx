import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, renderRoutes, startFakeApi, toastText, fieldRefusal } from '@/test/helpers';
import FeedbackPage from '../pages/feedback-page';

// pages/my/feedbacks: the form (category, text with its 140 counter, images, contact), the member's
// feedback with its state, and one feedback with the reply.

const sent: unknown[] = [];
const mine = { id: 31, cate: { id: 2, name: 'Orders and delivery' }, content: 'The parcel arrived late', status: 'replied', created_at: '2026-11-24T09:00:00.000Z', replied_at: '2026-11-24T10:00:00.000Z' };
const api = await startFakeApi({
  '/user/feedback/cate': () => ok({ list: [{ id: 1, name: 'Goods' }, { id: 2, name: 'Orders and delivery' }] }),
  '/user/feedback/create': (req) => {
    sent.push(JSON.parse(req.body));
    return ok({ id: 32, status: 'pending' });
  },
  '/user/feedback/list': () => ok({ list: [mine], total: 1, page: 1, limit: 20, has_more: false }),
  '/user/feedback/info': () => ok({ ...mine, images: [], contact: 'mei@example.com', reply: 'Sorry for the delay, we refunded the shipping fee.' }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', memberFixture());
  sent.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

describe('pages/my/feedbacks', () => {
  it('asks for the type first, then sends the feedback as typed and shows the member their list', async () => {
    const router = renderRoutes({ [paths.my.feedback]: <FeedbackPage /> }, paths.my.feedback);
    expect(await screen.findByText('Orders and delivery')).toBeTruthy();
    expect(screen.getByText('0/140')).toBeTruthy();
    fireEvent.click(screen.getByText('Submit'));
    expect(await toastText()).toBe('Please choose Type');
    expect(sent).toHaveLength(0);

    fireEvent.click(screen.getByText('Orders and delivery'));
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'The <b>parcel</b> arrived late' } });
    expect(screen.getByText('30/140')).toBeTruthy();
    await clearToasts();
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ cate_id: 2, content: 'The <b>parcel</b> arrived late', images: [] });
    expect(await toastText()).toBe('Thank you, your feedback was sent');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=mine'));
    expect(await screen.findByText('The parcel arrived late')).toBeTruthy();
    expect(screen.getByText('Replied')).toBeTruthy();
  });

  it('by keyboard: the type is a named group of radios Tab reaches', async () => {
    renderRoutes({ [paths.my.feedback]: <FeedbackPage /> }, paths.my.feedback);
    const types = await screen.findByRole('radiogroup', { name: 'Type' });
    const orders = within(types).getByRole('radio', { name: 'Orders and delivery' });
    expect(orders.getAttribute('aria-checked')).toBe('false');
    orders.focus();
    expect(document.activeElement).toBe(orders);
    fireEvent.click(orders);
    expect(orders.getAttribute('aria-checked')).toBe('true');
  });

  it('a submit without a type marks the type invalid and takes the keyboard to it, as a text field', async () => {
    renderRoutes({ [paths.my.feedback]: <FeedbackPage /> }, paths.my.feedback);
    const types = await screen.findByRole('radiogroup', { name: 'Type' });
    expect(types.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await toastText()).toBe('Please choose Type');
    await waitFor(() => expect(types.getAttribute('aria-invalid')).toBe('true'));
    expect(types.getAttribute('aria-description')).toBe('Please choose Type');
    expect(document.activeElement).toBe(within(types).getByRole('radio', { name: 'Goods' }));
    fireEvent.click(within(types).getByRole('radio', { name: 'Orders and delivery' }));
    await waitFor(() => expect(types.getAttribute('aria-invalid')).toBeNull());
  });

  it('refuses a contact that is neither an e-mail address nor a phone number before sending anything', async () => {
    renderRoutes({ [paths.my.feedback]: <FeedbackPage /> }, paths.my.feedback);
    fireEvent.click(await screen.findByText('Goods'));
    fireEvent.change(document.querySelector('textarea')!, { target: { value: 'The box was open' } });
    const contact = screen.getByPlaceholderText('E-mail or phone');
    fireEvent.change(contact, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByText('Submit'));
    expect(await fieldRefusal()).toBe('Enter an e-mail address or a phone number');
    expect(sent).toHaveLength(0);

    await clearToasts();
    fireEvent.change(contact, { target: { value: '+66 81 234 5678' } });
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ cate_id: 1, content: 'The box was open', images: [], contact: '+66 81 234 5678' });
  });

  it('shows one feedback with the support team\'s reply', async () => {
    renderRoutes({ [paths.my.feedback]: <FeedbackPage /> }, `${paths.my.feedback}?id=31`);
    expect(await screen.findByText('Sorry for the delay, we refunded the shipping fee.')).toBeTruthy();
    expect(screen.getByText('Reply from support')).toBeTruthy();
    expect(screen.getByText('Contact: mei@example.com')).toBeTruthy();
  });

  it('a link with a malformed feedback id says the feedback was not found, with a way back, instead of opening the form', async () => {
    renderRoutes({ [paths.my.feedback]: <FeedbackPage /> }, `${paths.my.feedback}?id=abc`);
    const state = within(await screen.findByRole('alert'));
    expect(state.getByText('Feedback not found')).toBeTruthy();
    expect(state.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByText('Submit')).toBeNull();
  });
});
