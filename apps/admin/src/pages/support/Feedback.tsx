import { Image, Space } from 'antd';
import type { EndpointData } from '@shop/contract/common';
import { useTranslation } from 'react-i18next';
import { ReviewQueue } from '../../components/ReviewQueue';
import { StatusTag } from '../../components/StatusTag';
import { formatDate } from '../../lib/format';
import { call } from '../../lib/request';
import { closeFeedbackRoute, feedbackListRoute, replyFeedbackRoute } from '../../lib/routes-support';
import { sizedUpload } from '../../lib/upload';

type Row = EndpointData<typeof feedbackListRoute>['list'][number];

/** Members' feedback: pending first, the text as the member typed it with their images; one reply (the member is messaged) or closing it. */
export default function Feedback() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<Row>
      name="feedback"
      statuses={['pending', 'replied', 'closed']}
      defaultStatus="pending"
      list={feedbackListRoute}
      exportable={false}
      columns={[
        { title: t('console.common.id'), dataIndex: 'id', width: 80 },
        { title: t('console.common.member'), dataIndex: 'user_name' },
        { title: t('console.support.feedback.category'), key: 'cate', render: (_, r) => r.cate.name },
        { title: t('console.support.feedback.content'), dataIndex: 'content', ellipsis: true },
        { title: t('console.common.created'), dataIndex: 'created_at', render: (v: string) => formatDate(v) },
        { title: t('console.common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
      ]}
      describe={(r) => [
        { label: t('console.common.member'), value: `${r.user_name} (#${r.user_id})` },
        { label: t('console.support.feedback.category'), value: r.cate.name },
        // Plain text, shown as typed (React escapes it).
        { label: t('console.support.feedback.content'), value: <span style={{ whiteSpace: 'pre-wrap' }}>{r.content}</span> },
        { label: t('console.support.feedback.contact'), value: r.contact || '—' },
        { label: t('console.common.created'), value: formatDate(r.created_at) },
        { label: t('console.common.status'), value: <StatusTag status={r.status} /> },
        ...(r.reply ? [{ label: t('console.support.feedback.reply'), value: <span style={{ whiteSpace: 'pre-wrap' }}>{r.reply}</span> }] : []),
        ...(r.replied_by ? [{ label: t('console.support.feedback.repliedBy'), value: `${r.replied_by} · ${formatDate(r.replied_at)}` }] : []),
      ]}
      evidence={(r) =>
        r.images.length > 0 && (
          <Image.PreviewGroup>
            <Space wrap>
              {r.images.map((src) => (
                <Image key={src} src={sizedUpload(src, 240, 240)} preview={{ src }} width={96} height={96} style={{ objectFit: 'cover' }} />
              ))}
            </Space>
          </Image.PreviewGroup>
        )
      }
      actions={[
        {
          key: 'reply',
          label: t('console.support.feedback.replyAction'),
          primary: true,
          when: (r) => r.status === 'pending',
          question: t('console.support.feedback.replyQuestion'),
          fields: [{ name: 'reply', label: t('console.support.feedback.reply'), required: true, multiline: true }],
          schema: () => import('@shop/contract/admin').then((m) => m.replyFeedbackBody as never),
          toBody: (r, v) => ({ id: r.id, reply: v.reply ?? '' }),
          send: (_r, _v, key, body) => call(replyFeedbackRoute, body, { idempotencyKey: key }),
        },
        {
          key: 'close',
          label: t('console.support.feedback.closeAction'),
          danger: true,
          when: (r) => r.status !== 'closed',
          question: t('console.support.feedback.closeQuestion'),
          fields: [{ name: 'reason', label: t('console.common.reason'), multiline: true }],
          send: (r, v, key) => call(closeFeedbackRoute, { id: r.id, ...(v.reason?.trim() ? { reason: v.reason.trim() } : {}) }, { idempotencyKey: key }),
        },
      ]}
    />
  );
}
