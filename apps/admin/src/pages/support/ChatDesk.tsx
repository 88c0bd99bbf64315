import { Alert, App as AntApp, Badge, Button, Card, Empty, Form, Image, Input, List, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd';
import { ControlRow } from '../../components/ControlRow';
import type { ChatMessage } from '@shop/contract/support';
import { startChatSocket, type ChatSocket } from '@shop/client/chat-socket';
import { LANGUAGES, normalizeLanguage, type EndpointData, type Language } from '@shop/contract/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateEndpoints, useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { formatDate, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/operator';
import { call } from '../../lib/request';
import { memberOrdersRoute } from '../../lib/routes';
import { FormField, useConsoleForm, type BodySchema } from '../../lib/form';
import { QueryError } from '../../components/QueryError';
import { SaveRefused } from '../../components/SaveRefused';
import { FramedTable, actionsColumn, QueryTable } from '../../components/QueryTable';
import { LANGUAGE_NAMES } from '../../lib/i18n';
import { cannedRepliesRoute, chatAgentsRoute, chatCloseRoute, chatMessagesRoute, chatReplyRoute, chatTransferRoute, conversationsRoute, deleteCannedReplyRoute, saveCannedReplyRoute } from '../../lib/routes-support';
import { sessionStore } from '../../lib/session';
import { sizedUpload } from '../../lib/upload';

type Conversation = EndpointData<typeof conversationsRoute>['list'][number];
/** A row of the member's latest orders: a regular order (`shop_name` null) or one bought in a member shop. */
type LatestOrder = { key: string; order_no: string; status: string; currency: string; total: number; created_at: string; shop_name: string | null };
type Tab = 'waiting' | 'mine' | 'open' | 'closed';

/** The desk's chat socket address (ws:// or wss:// as the console's own). */
const deskSocketUrl = () => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/admin/api/chat/socket`;

/**
 * A conversation's messages: the history, then what comes next pushed over the desk's chat socket,
 * which `startChatSocket` (shared with the member's chat) keeps open: opened again with a capped
 * back-off after a drop (a server restart), from the last message held, so each arrives once and in
 * order, and asked for over HTTP whenever it is not live (every 10 seconds beside it); and the member
 * typing. Only where the socket never opens does the desk keep asking every 3 seconds.
 */
function useConversationMessages(conversationId: number) {
  const client = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [memberTyping, setMemberTyping] = useState(false);
  const last = useRef(0);
  const live = useRef<ChatSocket | null>(null);
  const typedAt = useRef(0);
  useEffect(() => {
    setMessages([]);
    last.current = 0;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const merge = (incoming: ChatMessage[]) => {
      if (!incoming.length) return;
      // The last id held moves at once (the state below is applied at React's next render).
      last.current = Math.max(last.current, ...incoming.map((m) => m.id));
      setMessages((held) => {
        const byId = new Map(held.map((m) => [m.id, m]));
        for (const m of incoming) byId.set(m.id, m);
        return [...byId.values()].sort((a, b) => a.id - b.id);
      });
    };
    /** Asks for what came after the last message held (the latest page first). */
    const catchUp = async () => {
      const after = last.current;
      const page = await call(chatMessagesRoute, after ? { conversation_id: conversationId, after_id: after, limit: 100 } : { conversation_id: conversationId, limit: 50 });
      merge(after ? page.list : [...page.list].reverse());
    };
    const socket = startChatSocket({
      url: deskSocketUrl,
      hello: () => {
        const token = sessionStore.get().token;
        return token ? { type: 'auth', token } : undefined;
      },
      catchUp,
      onFrame: (frame, send) => {
        const message = frame.message as ChatMessage | undefined;
        if (frame.type === 'ready') send({ type: 'open', conversation_id: conversationId, after_id: last.current });
        else if (frame.type === 'message' && message) {
          merge([message]);
          if (message.sender === 'member') setMemberTyping(false);
        } else if (frame.type === 'desk') void invalidateEndpoints(client, [conversationsRoute]);
        else if (frame.type === 'typing' && frame.by === 'member') {
          setMemberTyping(true);
          clearTimeout(typingTimer);
          typingTimer = setTimeout(() => setMemberTyping(false), 4_000);
        }
      },
    });
    live.current = socket;
    return () => {
      live.current = null;
      socket.stop();
      clearTimeout(typingTimer);
    };
  }, [conversationId, client]);
  const add = (m: ChatMessage) => {
    // A sent message ends "typing" on the other side: the next keystroke says so again.
    typedAt.current = 0;
    setMessages((held) => (held.some((h) => h.id === m.id) ? held : [...held, m].sort((a, b) => a.id - b.id)));
  };
  /** Tells the member the operator is typing (at most every 3 seconds). */
  const typing = () => {
    if (Date.now() - typedAt.current < 3_000 || !live.current?.send({ type: 'typing' })) return;
    typedAt.current = Date.now();
  };
  return { messages, add, memberTyping, typing };
}

/** How far above the log's bottom the operator may have scrolled while still counting as at the newest message. */
const AT_NEWEST_PX = 24;

/** One conversation: its messages, a reply, transfer and close; the member's latest orders beside it. */
function Conversation({ conversation, onChanged }: { conversation: Conversation; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = AntApp.useApp();
  const can = useCan();
  const { messages, add, memberTyping, typing } = useConversationMessages(conversation.id);
  const canned = useEndpointQuery(cannedRepliesRoute, { lang: i18n.language as Language });
  const [text, setText] = useState('');
  const [transferTo, setTransferTo] = useState<number | null>(null);
  const log = useRef<HTMLDivElement>(null);
  // Whether the operator is at the newest message: what comes later keeps it in view only then, never pulling down an operator reading back.
  const atNewest = useRef(true);
  const toNewest = () => log.current && (log.current.scrollTop = log.current.scrollHeight);
  const lastId = messages.at(-1)?.id;
  // Opened at the newest message, and kept there as messages (and "typing…") come.
  useLayoutEffect(() => {
    if (atNewest.current) toNewest();
  }, [lastId, memberTyping]);
  const reply = useEndpointMutation(chatReplyRoute, {
    invalidates: [conversationsRoute],
    onSuccess: (sent) => {
      atNewest.current = true;
      add(sent);
      setText('');
    },
  });
  const close = useEndpointMutation(chatCloseRoute, { invalidates: [conversationsRoute], onSuccess: () => (message.success(t('console.support.chat.closed')), onChanged()) });
  const transfer = useEndpointMutation(chatTransferRoute, { invalidates: [conversationsRoute], onSuccess: () => (message.success(t('console.support.chat.transferred')), onChanged()) });
  const orders = useEndpointQuery(memberOrdersRoute, { id: conversation.user_id, page: 1, limit: 5 }, { enabled: can('members.read') });
  // The member's orders and member-shop orders in one list, newest first: a member asks about either.
  const latestOrders: LatestOrder[] = [
    ...(orders.data?.list ?? []).map((o) => ({ ...o, key: `order-${o.id}`, shop_name: null })),
    ...(orders.data?.shop_orders ?? []).map((o) => ({ ...o, key: `shop-${o.id}` })),
  ].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const open = conversation.status !== 'closed';
  // Whom the conversation can be handed to, by name (the operator need not know a colleague's number).
  const agents = useEndpointQuery(chatAgentsRoute, undefined, { enabled: open });
  return (
    // The conversation and the member's orders share the width left beside the list; where both do not fit, the orders go below.
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 24 }} data-testid="chat-conversation">
      <Card
        title={`${conversation.user_name} (#${conversation.user_id})`}
        style={{ flex: '1 1 420px', minWidth: 0, maxWidth: 640 }}
        extra={open && <Button danger size="small" loading={close.isPending} onClick={() => close.mutate({ conversation_id: conversation.id })}>{t('console.support.chat.close')}</Button>}
      >
        {(reply.error ?? close.error ?? transfer.error) && <Alert type="error" showIcon title={(reply.error ?? close.error ?? transfer.error)!.message} style={{ marginBottom: 8 }} />}
        <div
          ref={log}
          style={{ height: 380, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 8 }}
          data-testid="chat-log"
          onScroll={(e) => (atNewest.current = e.currentTarget.scrollHeight - e.currentTarget.scrollTop - e.currentTarget.clientHeight <= AT_NEWEST_PX)}
        >
          {messages.map((m) =>
            // The shop's own notices (a conversation closed) stand apart from what either side wrote.
            m.sender === 'system' ? (
              <Typography.Text key={m.id} type="secondary" role="note" data-chat-message={m.id} style={{ alignSelf: 'center', fontSize: 12 }}>
                {m.body} · {formatDate(m.created_at)}
              </Typography.Text>
            ) : (
            <div key={m.id} data-chat-message={m.id} style={{ alignSelf: m.sender === 'member' ? 'flex-start' : 'flex-end', maxWidth: '80%', overflowWrap: 'anywhere', background: m.sender === 'member' ? '#f5f5f5' : '#e6f4ff', padding: '6px 10px', borderRadius: 8 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {m.sender === 'agent' ? m.agent_name : conversation.user_name} · {formatDate(m.created_at)}
              </Typography.Text>
              <div style={{ whiteSpace: 'pre-wrap' }}>
                {m.kind === 'text' && m.body}
                {m.kind === 'image' && m.image && <Image src={sizedUpload(m.image, 240, 240)} preview={{ src: m.image }} width={120} onLoad={() => atNewest.current && toNewest()} />}
                {m.kind === 'goods' && <Tag>{t('console.support.chat.goods', { name: m.body, id: m.ref_id })}</Tag>}
                {m.kind === 'order' && <Tag>{t('console.support.chat.order', { no: m.body })}</Tag>}
              </div>
            </div>
            ),
          )}
          {memberTyping && (
            <Typography.Text type="secondary" data-testid="chat-member-typing">
              {t('console.support.chat.memberTyping')}
            </Typography.Text>
          )}
        </div>
        {open && (canned.data?.list.length ?? 0) > 0 && (
          <Select
            style={{ width: '100%', marginTop: 8 }}
            placeholder={t('console.support.chat.canned')}
            value={null}
            options={canned.data!.list.map((c) => ({ value: c.id, label: c.title }))}
            onChange={(id) => setText(canned.data!.list.find((c) => c.id === id)?.text ?? '')}
            data-testid="chat-canned"
          />
        )}
        {open && (
          <Space.Compact style={{ width: '100%', marginTop: 8 }}>
            <Input.TextArea value={text} onChange={(e) => (setText(e.target.value), typing())} maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} placeholder={t('console.support.chat.placeholder')} data-testid="chat-reply" />
            <Button type="primary" loading={reply.isPending} disabled={!text.trim()} onClick={() => reply.mutate({ conversation_id: conversation.id, text: text.trim() })} data-testid="chat-send">
              {t('console.support.chat.send')}
            </Button>
          </Space.Compact>
        )}
        {open && (
          <Space wrap style={{ marginTop: 8 }}>
            <Select<number>
              style={{ width: 240, maxWidth: '100%' }}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('console.support.chat.transferTo')}
              aria-label={t('console.support.chat.transferTo')}
              value={transferTo ?? undefined}
              onChange={(v) => setTransferTo(v)}
              loading={agents.isLoading}
              options={(agents.data?.list ?? []).map((a) => ({ value: a.id, label: a.name }))}
              notFoundContent={agents.isError ? agents.error.message : t('console.support.chat.noAgents')}
              data-testid="chat-transfer-to"
            />
            <Button disabled={!transferTo} loading={transfer.isPending} onClick={() => transferTo && transfer.mutate({ conversation_id: conversation.id, operator_id: transferTo })}>
              {t('console.support.chat.transfer')}
            </Button>
          </Space>
        )}
      </Card>
      {can('members.read') && (
        <Card title={t('console.support.chat.orders')} style={{ flex: '1 1 340px', minWidth: 0, maxWidth: 480 }} data-testid="chat-orders">
          <FramedTable<LatestOrder>
            size="small"
            rowKey="key"
            pagination={false}
            // Two columns fit beside or below the conversation from 1024 px: the state (and a shop order's shop) and the date under the order's number, the total whole on one line.
            scroll={{ x: 'max-content' }}
            loading={orders.isLoading}
            dataSource={latestOrders}
            columns={[
              {
                title: t('console.support.chat.orderNo'),
                key: 'order',
                render: (_, o) => (
                  <Space orientation="vertical" size={2}>
                    <span style={{ whiteSpace: 'nowrap' }}>{o.order_no}</span>
                    <Space size={4} wrap>
                      {o.shop_name !== null && (
                        <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                          {t('console.support.chat.shopOrder')}
                        </Tag>
                      )}
                      <Tag style={{ marginInlineEnd: 0 }}>{t(`console.status.${o.status}`, { defaultValue: o.status })}</Tag>
                    </Space>
                    {o.shop_name !== null && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {o.shop_name}
                      </Typography.Text>
                    )}
                    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                      {formatDate(o.created_at)}
                    </Typography.Text>
                  </Space>
                ),
              },
              { title: t('console.support.chat.total'), key: 'total', align: 'right', render: (_, o) => <span style={{ whiteSpace: 'nowrap' }} data-testid="chat-order-total">{formatMoney(o.total, o.currency)}</span> },
            ]}
          />
        </Card>
      )}
    </div>
  );
}

interface CannedValues {
  lang: Language;
  title: string;
  text: string;
}

/** The canned replies of every language: added here, removed after a confirmation (as the list showed them: one changed since is refused, and Refresh shows it as it is now). */
function CannedReplies() {
  const { t, i18n } = useTranslation();
  const list = useEndpointQuery(cannedRepliesRoute, {});
  const form = useConsoleForm<CannedValues, Record<string, unknown>>({
    schema: () => import('@shop/contract/admin').then((m) => m.saveCannedReplyBody as unknown as BodySchema<Record<string, unknown>>),
    // A new reply starts in the console's language: the operator most often writes in the language they read.
    defaultValues: { lang: normalizeLanguage(i18n.language) ?? 'en-us', title: '', text: '' },
  });
  const save = useEndpointMutation(saveCannedReplyRoute, {
    invalidates: [cannedRepliesRoute],
    onSuccess: () => {
      form.reset({ lang: form.getValues('lang'), title: '', text: '' });
    },
  });
  const remove = useEndpointMutation(deleteCannedReplyRoute, { invalidates: [cannedRepliesRoute] });
  const submit = form.submit((body) => save.mutateAsync(body as never).catch(() => undefined));
  return (
    <Card title={t('console.support.chat.cannedTitle')} style={{ width: 560, maxWidth: '100%' }}>
      {save.error && <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 8 }} />}
      <SaveRefused error={remove.error} onReload={() => (remove.reset(), void list.refetch())} reloadTestId="reload-canned" style={{ marginBottom: 8 }} />
      <QueryTable
        size="small"
        query={list}
        columns={[
          { title: t('console.settings.page.language'), dataIndex: 'lang', width: 110, render: (l: Language) => LANGUAGE_NAMES[l] ?? l },
          { title: t('console.support.broadcast.messageTitle'), dataIndex: 'title' },
          { title: t('console.support.broadcast.text'), dataIndex: 'text', ellipsis: true },
          actionsColumn<NonNullable<typeof list.data>['list'][number]>(t, {
            key: 'delete',
            width: 90,
            render: (_, c) => (
              <Popconfirm title={t('console.support.chat.cannedDelete')} okText={t('console.common.confirm')} cancelText={t('console.common.cancel')} onConfirm={() => remove.mutateAsync({ id: c.id, base_updated_at: c.updated_at }).catch(() => undefined)}>
                <Button size="small" danger>
                  {t('console.support.chat.delete')}
                </Button>
              </Popconfirm>
            ),
          }),
        ]}
      />
      <Form layout="vertical" component="div" style={{ marginTop: 12 }}>
        <ControlRow align="start">
          <FormField form={form} name="lang" label={t('console.settings.page.language')}>
            <Select style={{ width: 160, maxWidth: '100%' }} options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
          </FormField>
          <FormField form={form} name="title" label={t('console.support.broadcast.messageTitle')} required>
            <Input maxLength={60} style={{ width: 300, maxWidth: '100%' }} />
          </FormField>
        </ControlRow>
        <FormField form={form} name="text" label={t('console.support.broadcast.text')} required>
          <Input.TextArea rows={2} maxLength={1000} />
        </FormField>
        <Button onClick={() => void submit()} loading={save.isPending}>
          {t('console.support.chat.cannedAdd')}
        </Button>
      </Form>
    </Card>
  );
}

/** The support desk: waiting, the operator's own, every open and closed conversation, asked again every 5 seconds (which also keeps the operator online). */
export default function ChatDesk() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('waiting');
  const [selected, setSelected] = useState<Conversation | null>(null);
  const query = useEndpointQuery(conversationsRoute, { status: tab === 'mine' ? 'open' : tab, ...(tab === 'mine' ? { mine: 'true' as const } : {}), page: 1, limit: 50 }, { refetchInterval: 5_000 });
  const list = query.data?.list ?? [];
  /** The last line in the operator's language: a picture, goods or an order named as such; text as written. */
  const lastLine = (c: Conversation) =>
    c.last_message_kind === 'image' ? t('console.support.chat.lastPicture') : c.last_message_kind === 'goods' ? t('console.support.chat.lastGoods', { name: c.last_message }) : c.last_message_kind === 'order' ? t('console.support.chat.order', { no: c.last_message }) : c.last_message;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented<Tab>
        value={tab}
        onChange={(v) => (setTab(v), setSelected(null))}
        options={(['waiting', 'mine', 'open', 'closed'] as const).map((v) => ({ value: v, label: t(`console.support.chat.tab.${v}`) }))}
      />
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 24 }}>
        <Card style={{ flex: '0 0 280px', minWidth: 0 }} styles={{ body: { padding: 0 } }}>
          {/* Asked again every 5 seconds: a failed ask says so (the list last read, if any, stays below it); "none" only for a list read and empty. */}
          {query.isError && <QueryError error={query.error} retry={query.refetch} />}
          {query.isPending ? (
            <Typography.Paragraph type="secondary" role="status" style={{ padding: 24, margin: 0 }}>
              {t('console.common.loading')}
            </Typography.Paragraph>
          ) : !query.data ? null : list.length === 0 ? (
            <Empty style={{ padding: 24 }} description={t('console.support.chat.none')} />
          ) : (
            <List
              dataSource={list}
              renderItem={(c) => {
                const current = selected?.id === c.id;
                // One control per conversation, reached by Tab and opened by Enter or Space as by a click; named by the member and its state.
                const name = [c.user_name, t(`console.support.chat.tab.${c.status}`), ...(c.unread > 0 ? [t('console.support.chat.unread', { count: c.unread })] : [])].join(', ');
                return (
                  <List.Item key={c.id} style={{ padding: 0 }}>
                    <div
                      role="button"
                      tabIndex={0}
                      aria-label={name}
                      aria-describedby={`conversation-${c.id}-last`}
                      aria-current={current ? 'true' : undefined}
                      onClick={() => setSelected(c)}
                      onKeyDown={(e) => {
                        if (e.key !== 'Enter' && e.key !== ' ') return;
                        e.preventDefault();
                        setSelected(c);
                      }}
                      style={{ cursor: 'pointer', width: '100%', padding: '8px 12px', background: current ? '#e6f4ff' : undefined, boxShadow: current ? 'inset 3px 0 0 #1677ff' : undefined }}
                      data-conversation={c.id}
                    >
                      <List.Item.Meta
                        title={
                          <Space>
                            {c.user_name}
                            <Badge count={c.unread} size="small" />
                          </Space>
                        }
                        description={
                          <Typography.Text type="secondary" ellipsis style={{ width: 200, maxWidth: '100%' }} id={`conversation-${c.id}-last`}>
                            {lastLine(c)} · {formatDate(c.last_message_at)}
                          </Typography.Text>
                        }
                      />
                    </div>
                  </List.Item>
                );
              }}
            />
          )}
        </Card>
        {selected && (
          <div style={{ flex: '1 1 0', minWidth: 0 }}>
            <Conversation key={selected.id} conversation={selected} onChanged={() => setSelected(null)} />
          </div>
        )}
      </div>
      <CannedReplies />
    </Space>
  );
}
