import { useState } from 'react';
import { Button, TextArea } from 'antd-mobile';
import { Sheet } from '@/components/sheet';
import { LikeOutline } from 'antd-mobile-icons';
import { useSignIn } from '@/lib/navigation';
import { COMMENT_MAX_LENGTH, type NewsComment } from '@shop/contract/content';
import { ListState, LoadMore } from '@/components/list-states';
import { useSession } from '@/stores/session';
import { useCreateNewsComment } from '../api/create-news-comment';
import { useCommentThread } from '../api/get-news-comment-thread';
import { useLikeNewsComment } from '../api/like-news-comment';
import { useCommentPages } from '../api/list-news-comments';
import { useNewsInfo } from '../api/get-news';
import { useTranslation } from '@/lib/i18n';
import { formatDate, formatNumber } from '@/lib/format';

function CommentItem({ c, onReplies, onReply }: { c: NewsComment; onReplies?: () => void; onReply: () => void }) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const { signIn } = useSignIn();
  const like = useLikeNewsComment();
  return (
    <div className="comment" data-comment-id={c.id}>
      <div className="comment-head">
        <span className="comment-name">{c.user_name}</span>
        <span className="comment-date">{formatDate(c.created_at, { dateOnly: true })}</span>
      </div>
      <div className="comment-text">{c.content}</div>
      <div className="comment-actions">
        <button type="button" aria-pressed={c.is_liked} className={c.is_liked ? 'comment-liked' : ''} onClick={() => (token ? like.mutate({ comment_id: c.id, like: !c.is_liked }) : signIn())}>
          <LikeOutline /> {formatNumber(c.like_count)}
        </button>
        <button type="button" onClick={onReply}>
          {t('catalogue.comments.reply')}
        </button>
        {onReplies && c.reply_count > 0 && (
          <button type="button" onClick={onReplies}>
            {t('catalogue.comments.replies', { count: c.reply_count })}
          </button>
        )}
      </div>
    </div>
  );
}

function Composer({ newsId, parent, onDone }: { newsId: number; parent?: NewsComment; onDone: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const create = useCreateNewsComment();
  const send = async () => {
    if (!text.trim()) return;
    await create.mutateAsync({ news_id: newsId, parent_id: parent?.id, content: text });
    setText('');
    onDone();
  };
  return (
    <div className="comment-composer">
      <TextArea
        placeholder={parent ? t('catalogue.comments.replyTo', { name: parent.user_name }) : t('catalogue.comments.placeholder')}
        value={text}
        onChange={setText}
        maxLength={COMMENT_MAX_LENGTH}
        showCount
        autoSize={{ minRows: 2, maxRows: 4 }}
      />
      <Button size="small" color="primary" disabled={!text.trim()} loading={create.isPending} onClick={() => void send().catch(() => {})}>
        {t('catalogue.comments.send')}
      </Button>
    </div>
  );
}

/** The comments of an article: newest first, paged, with replies in a sheet; writing needs a member. */
export function Comments({ newsId }: { newsId: number }) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const { signIn } = useSignIn();
  const pages = useCommentPages(newsId);
  const [thread, setThread] = useState<NewsComment>();
  const [replyTo, setReplyTo] = useState<NewsComment>();
  const replies = useCommentThread(thread?.id ?? 0);
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  // The article's count (every comment members see, replies too), the number the news list shows; the list's total counts top-level comments only.
  const total = useNewsInfo(newsId).data?.comment_count ?? 0;
  const replyList = replies.data?.pages.flatMap((p) => p.replies.list) ?? [];
  const reply = (c: NewsComment) => (token ? setReplyTo(c) : signIn());
  return (
    <section className="comments" aria-label={t('catalogue.comments.title')}>
      <header className="section-head">
        <h2>{t('catalogue.comments.titleCount', { count: total })}</h2>
      </header>
      {token ? (
        <Composer newsId={newsId} onDone={() => {}} />
      ) : (
        <Button block fill="outline" size="small" onClick={() => signIn()}>
          {t('catalogue.comments.loginToComment')}
        </Button>
      )}
      <ListState loading={pages.isPending} error={pages.isError && !pages.data} empty={list.length === 0} emptyText={t('catalogue.comments.none')} onRetry={() => void pages.refetch()}>
        {list.map((c) => (
          <CommentItem key={c.id} c={c} onReplies={() => setThread(c)} onReply={() => reply(c)} />
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
      <Sheet label={t('catalogue.comments.title')} visible={Boolean(thread)} onMaskClick={() => setThread(undefined)} onClose={() => setThread(undefined)} bodyClassName="thread-sheet">
        {thread && (
          <>
            <CommentItem c={replies.data?.pages[0]?.comment ?? thread} onReply={() => reply(thread)} />
            <ListState loading={replies.isPending} error={replies.isError && !replies.data} empty={replyList.length === 0} emptyText={t('catalogue.comments.none')}>
              <div className="thread-replies">
                {replyList.map((c) => (
                  <CommentItem key={c.id} c={c} onReply={() => reply(c)} />
                ))}
              </div>
              <LoadMore hasMore={Boolean(replies.hasNextPage)} loading={replies.isFetchingNextPage} onLoadMore={() => void replies.fetchNextPage()} />
            </ListState>
          </>
        )}
      </Sheet>
      <Sheet label={t('catalogue.comments.reply')} visible={Boolean(replyTo)} onMaskClick={() => setReplyTo(undefined)} onClose={() => setReplyTo(undefined)} bodyClassName="reply-sheet">
        {replyTo && <Composer newsId={newsId} parent={replyTo} onDone={() => setReplyTo(undefined)} />}
      </Sheet>
    </section>
  );
}
