import { InputNumber, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberColumn, secondary, useFilteredPages, VisibilityButton, VisibilityDialog, VisibilityFilter, VisibilityState, type ModerationTexts } from '../../components/ModeratedTexts';
import { actionsColumn, QueryTable } from '../../components/QueryTable';
import { When } from '../../components/QueueColumns';
import { formatNumber } from '../../lib/format';
import { newsCommentsRoute, newsCommentVisibilityRoute } from '../../lib/routes-content';

type Row = EndpointData<typeof newsCommentsRoute>['list'][number];

const schemas = () => import('@shop/contract/content');
const clamp = (rows: number) => ({ rows, expandable: 'collapsible' as const });
/**
 * The narrowest the table gets: its columns of fixed width and 220 px for the comment itself. A
 * narrower window (1024 px with the menu) scrolls the table sideways under the pinned actions.
 */
const COMMENTS_MIN_WIDTH = 960;

/** News comments: every article's comments and replies, newest first, by article and shown or hidden; hide or show one with a reason. */
export default function NewsComments() {
  const { t } = useTranslation();
  const TEXTS: ModerationTexts = {
    shown: t('console.content.comments.shown'),
    hidden: t('console.content.comments.hidden'),
    hide: t('console.content.comments.hide'),
    show: t('console.content.comments.show'),
    hideTitle: t('console.content.comments.hideTitle'),
    showTitle: t('console.content.comments.showTitle'),
    hideQuestion: t('console.content.comments.hideQuestion'),
    showQuestion: t('console.content.comments.showQuestion'),
    shownBy: (p) => t('console.content.comments.shownBy', p),
    hiddenBy: (p) => t('console.content.comments.hiddenBy', p),
  };
  const { filters, filter, query, paging } = useFilteredPages(newsCommentsRoute);
  const [acting, setActing] = useState<Row | null>(null);

  const columns: TableColumnsType<Row> = [
    {
      title: t('console.content.comments.article'),
      key: 'news',
      width: 160,
      render: (_, r) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.news_title }} style={{ marginBottom: 0 }}>
          {r.news_title} <Typography.Text type="secondary">#{r.news_id}</Typography.Text>
        </Typography.Paragraph>
      ),
    },
    memberColumn<Row>(t, 110),
    {
      title: t('console.content.comments.comment'),
      key: 'content',
      render: (_, r) => (
        <div data-testid={`comment-${r.id}`}>
          {r.parent_id !== null && secondary(t('console.content.comments.replyTo', { id: r.parent_id }))}
          {/* Plain text, shown as the member typed it (React escapes it). */}
          <Typography.Paragraph ellipsis={clamp(3)} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
            {r.content}
          </Typography.Paragraph>
        </div>
      ),
    },
    { title: t('console.content.comments.replies'), key: 'reply_count', width: 80, align: 'right', render: (_, r) => formatNumber(r.reply_count) },
    { title: t('console.content.comments.likes'), key: 'like_count', width: 72, align: 'right', render: (_, r) => formatNumber(r.like_count) },
    { title: t('console.content.comments.written'), key: 'created_at', width: 100, render: (_, r) => <When at={r.created_at} /> },
    {
      title: t('console.common.status'),
      key: 'visible',
      width: 140,
      render: (_, r) => (
        <VisibilityState texts={TEXTS} row={r}>
          {r.parent_hidden && <Tag color="orange">{t('console.content.comments.parentHidden')}</Tag>}
        </VisibilityState>
      ),
    },
    actionsColumn<Row>(t, {
      width: 96,
      render: (_, r) => <VisibilityButton texts={TEXTS} row={r} onClick={() => setActing(r)} />,
    }),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <InputNumber
          min={1}
          precision={0}
          placeholder={t('console.content.comments.articleFilter')}
          value={filters.news_id ?? null}
          onChange={(v) => filter({ news_id: typeof v === 'number' && v > 0 ? v : undefined })}
          style={{ width: 180, maxWidth: '100%' }}
          data-testid="comments-article"
        />
        <VisibilityFilter texts={TEXTS} value={filters.visibility} onChange={(visibility) => filter({ visibility })} testId="comments-visibility" />
      </Space>
      <QueryTable<Row> query={query} columns={columns} rowKey="id" tableLayout="fixed" scroll={{ x: COMMENTS_MIN_WIDTH }} paging={paging} />
      {acting && (
        <VisibilityDialog
          texts={TEXTS}
          row={acting}
          hideQuestion={t(acting.parent_id === null ? 'console.content.comments.hideQuestion' : 'console.content.comments.hideReplyQuestion')}
          schema={() => schemas().then((m) => m.setNewsCommentVisibilityBody)}
          send={newsCommentVisibilityRoute}
          list={newsCommentsRoute}
          onClose={() => setActing(null)}
        />
      )}
    </Space>
  );
}
