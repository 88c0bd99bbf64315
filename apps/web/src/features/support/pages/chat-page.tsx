import { Fragment, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button, Image, TextArea } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { CHAT_MESSAGE_MAX_LENGTH } from '@shop/contract/support';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { Link, useSearchParams } from '@/lib/router';
import { useSignIn } from '@/lib/navigation';
import { uploadFile } from '@/lib/upload';
import { useSession } from '@/stores/session';
import { useChatMessages, useChatState } from '../api/chat';
import '../support.css';
import { sizedUpload } from '@/lib/media-url';
import { useTranslation } from '@/lib/i18n';
import { useDraftLeftOpen, useKeepOpenDraft } from '@/lib/open-drafts';

/** How far above the message log's bottom the member may have scrolled while still counting as at the newest message (not reading history). */
const AT_NEWEST_PX = 48;
/** How much smaller than the window the visible part may be before it counts as a keyboard over the page, not a browser bar. */
const KEYBOARD_PX = 120;

/**
 * The chat is one screen high and only its message log scrolls (support.css): the part of the window
 * actually visible is told to the page as `--chat-viewport`, so an on-screen keyboard (which iOS and
 * Chrome lay over the page without shrinking `100dvh`) shortens the log, not the header and the
 * connection notice, which stay in view. Where the browser has no `visualViewport`, `100dvh` stands.
 */
function useVisibleHeight() {
  useLayoutEffect(() => {
    const viewport = window.visualViewport;
    const root = document.documentElement;
    if (!viewport) return;
    const measure = () => {
      root.style.setProperty('--chat-viewport', `${Math.round(viewport.height)}px`);
      root.dataset.chatViewport = window.innerHeight - viewport.height > KEYBOARD_PX ? 'keyboard' : 'full';
      // iOS pans the window to a focused box even when the page fits: put back, the header stays on screen (not while zoomed in).
      if (viewport.scale <= 1 && (window.scrollY > 0 || viewport.offsetTop > 0)) window.scrollTo(0, 0);
    };
    measure();
    viewport.addEventListener('resize', measure);
    viewport.addEventListener('scroll', measure);
    return () => {
      viewport.removeEventListener('resize', measure);
      viewport.removeEventListener('scroll', measure);
      root.style.removeProperty('--chat-viewport');
      delete root.dataset.chatViewport;
    };
  }, []);
}

/** A case or order number as the shop writes them: letters and digits only, so a link cannot put other words in the member's mouth. */
const NUMBER = /^[A-Za-z0-9-]{4,40}$/;

/**
 * What the chat opened from an after-sales case is about (`?case_no=&order_no=`): a first line naming
 * the case and its order, filled into the message box for the member to finish and send, so the desk
 * reads which case it is. Empty when opened from anywhere else.
 */
function aboutCase(t: ReturnType<typeof useTranslation>['t'], params: URLSearchParams): string {
  const caseNo = params.get('case_no') ?? '';
  const orderNo = params.get('order_no') ?? '';
  return NUMBER.test(caseNo) && NUMBER.test(orderNo) ? t('support.chat.aboutCase', { case_no: caseNo, order_no: orderNo }) : '';
}

/** `pages/other/mixdesk`: the support chat: history, the agent and whether they are online, a notice when nobody is, text and image sending. */
function Chat() {
  const { t } = useTranslation();
  const state = useChatState();
  const s = state.data;
  const { messages, loaded, offline, failure, retry, hasOlder, loadOlder, send, typing, agentTyping } = useChatMessages();
  const lastMine = [...messages].reverse().find((m) => m.sender === 'member');
  const lastId = messages.at(-1)?.id;
  // The shop closed the conversation on screen: the member's next message opens a new one.
  const ended = s?.status === 'closed' && messages.at(-1)?.conversation_id === s.conversation_id;
  const [params] = useSearchParams();
  // The message being typed survives a reload of the page (lib/open-drafts.ts).
  const leftOpen = useDraftLeftOpen<{ text: string }>('chat');
  const [text, setText] = useState(() => leftOpen?.text ?? aboutCase(t, params));
  useKeepOpenDraft('chat', text ? { text } : undefined);
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  // The one box that scrolls: the header, the agent's status and the connection notice above it, the message box below it, stay on screen.
  const log = useRef<HTMLDivElement>(null);
  // Whether the member is at the newest message: what comes later (an answer, a picture loaded) brings it into view only then, never pulling a member who reads history down.
  const atNewest = useRef(true);
  const toNewest = useCallback(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, []);
  const onLogScroll = () => {
    const box = log.current;
    if (box) atNewest.current = box.scrollHeight - box.scrollTop - box.clientHeight <= AT_NEWEST_PX;
  };
  useVisibleHeight();
  // The log shortened (a keyboard opening, the connection notice showing above it): a member at the newest message stays at it.
  useLayoutEffect(() => {
    const box = log.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => atNewest.current && toNewest());
    observer.observe(box);
    return () => observer.disconnect();
  }, [loaded, toNewest]);
  // On opening and whenever something is added at the end (not when older messages are loaded above).
  useLayoutEffect(() => {
    if (atNewest.current) toNewest();
  }, [lastId, agentTyping, ended, toNewest]);

  const sendText = async () => {
    const typed = text.trim();
    if (!typed || busy) return;
    setBusy(true);
    atNewest.current = true;
    try {
      await send({ kind: 'text', text: typed });
      setText('');
    } catch {
      // Refused or not sent: the toast already said why, and the text stays to send again.
    } finally {
      setBusy(false);
    }
  };
  const sendImage = async (picked: File | undefined) => {
    if (!picked) return;
    setBusy(true);
    atNewest.current = true;
    try {
      const uploaded = await uploadFile(picked);
      await send({ kind: 'image', upload_id: uploaded.id });
    } catch {
      // A file the shop does not take (or a failed send): the toast already said why; nothing more to do here.
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };

  return (
    <>
      <div className="chat-status" data-agents-online={s?.agents_online ? 'yes' : 'no'}>
        {s?.agent ? t(s.agent.online ? 'support.chat.agentOnline' : 'support.chat.agentAway', { name: s.agent.name }) : s && !s.agents_online ? t('support.chat.offline') : t('support.chat.welcome')}
      </div>
      {/* Until the history is read the shared loading and error states stand in for the conversation; the page keeps asking by itself. */}
      <ListState loading={!loaded && !failure} error={!loaded && !!failure} failure={failure} empty={false} onRetry={retry}>
        {offline && (
          <div className="chat-offline">
            {t('support.chat.reconnecting')}
            <Button size="mini" fill="none" className="chat-retry" onClick={retry}>
              {t('app.action.retry')}
            </Button>
          </div>
        )}
        <div ref={log} className="chat-log" aria-live="polite" onScroll={onLogScroll}>
          {hasOlder && (
            <Button size="mini" fill="none" className="chat-older" onClick={() => void loadOlder()}>
              {t('support.chat.older')}
            </Button>
          )}
          {loaded && messages.length === 0 && <p className="support-muted chat-empty">{t('support.chat.empty')}</p>}
          {messages.map((m, i) => (
            <Fragment key={m.id}>
              {i > 0 && m.conversation_id !== messages[i - 1]!.conversation_id && (
                <div className="chat-divider" role="separator">
                  {t('support.chat.newConversation', { date: formatDate(m.created_at, { dateOnly: true }) })}
                </div>
              )}
              {/* The shop's own notices (a conversation closed) stand apart from what either side wrote. */}
              {m.sender === 'system' ? (
                <p className="support-muted chat-notice" role="note" data-chat-message={m.id}>
                  {m.body} · {formatDate(m.created_at)}
                </p>
              ) : (
              <div className={`chat-bubble chat-${m.sender}`} data-chat-message={m.id}>
                {m.sender === 'agent' && m.agent_name && <div className="support-muted">{m.agent_name}</div>}
                {m.kind === 'text' && <p>{m.body}</p>}
                {/* Its box is kept while it loads, so the messages below do not move; loaded, the newest message is brought back into view. */}
                {m.kind === 'image' && m.image && <Image src={sizedUpload(m.image, 320, 320)} width={160} height={160} fit="contain" onLoad={() => atNewest.current && toNewest()} />}
                {m.kind === 'goods' && m.ref_id && <Link to={`${paths.goods.details}?id=${m.ref_id}`}>{t('support.chat.goodsCard', { name: m.body })}</Link>}
                {m.kind === 'order' && m.ref_id && <Link to={`${paths.order.details}?id=${m.ref_id}`}>{t('support.chat.orderCard', { no: m.body })}</Link>}
                <div className="support-muted chat-time">
                  {formatDate(m.created_at)}
                  {m.id === lastMine?.id && m.id === lastId && s?.read_by_agent && ` · ${t('support.chat.read')}`}
                </div>
              </div>
              )}
            </Fragment>
          ))}
          {ended && <p className="support-muted chat-ended">{t('support.chat.ended')}</p>}
          {agentTyping && (
            <p className="support-muted chat-typing" data-testid="chat-agent-typing">
              {t('support.chat.agentTyping')}
            </p>
          )}
        </div>
        <div className="chat-composer">
          <button type="button" className="chat-image" aria-label={t('support.chat.sendImage')} disabled={busy} onClick={() => file.current?.click()}>
            <PictureOutline fontSize={24} />
          </button>
          <input ref={file} type="file" accept="image/*" hidden onChange={(e) => void sendImage(e.target.files?.[0])} />
          <TextArea aria-label={t('support.chat.placeholder')} placeholder={t('support.chat.placeholder')} value={text} onChange={(v) => (setText(v), typing())} maxLength={CHAT_MESSAGE_MAX_LENGTH} autoSize={{ minRows: 1, maxRows: 4 }} />
          <Button className="tap-target" color="primary" size="small" loading={busy} disabled={!text.trim()} onClick={() => void sendText()}>
            {t('support.chat.send')}
          </Button>
        </div>
      </ListState>
    </>
  );
}

/** The shop's own chat, or the outside chat service the shop uses (opened with the member's id only). */
function ChatOrExternal() {
  const { t } = useTranslation();
  const state = useChatState();
  // Whether the shop's own chat or an outside one is used is only known from the state: nothing shows before it.
  if (!state.data) return <ListState loading={state.isPending} error={state.isError} failure={state.error} empty={false} onRetry={() => void state.refetch()} />;
  const external = state.data.external_url;
  if (external) {
    return (
      <div className="chat-external">
        <iframe src={external} title={t('support.chat.title')} className="chat-frame" referrerPolicy="no-referrer" />
        <a href={external} target="_blank" rel="noopener noreferrer" className="chat-open">
          {t('support.chat.openExternal')}
        </a>
      </div>
    );
  }
  return <Chat />;
}

export default function ChatPage() {
  const { t } = useTranslation();
  const { signIn } = useSignIn();
  const token = useSession((s) => s.token);
  return (
    <div className="page chat-page">
      <PageHeader title={t('support.chat.title')} />
      {token ? (
        <ChatOrExternal />
      ) : (
        <div className="chat-login">
          <p>{t('support.chat.loginFirst')}</p>
          <Button color="primary" onClick={() => signIn()}>
            {t('app.my.loginOrRegister')}
          </Button>
        </div>
      )}
    </div>
  );
}
