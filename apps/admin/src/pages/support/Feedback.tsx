import { Image, Space } from 'antd';
import type { EndpointData } from '@shop/contract/common';
import { useTranslation } from 'react-i18next';
import { numberColumn, QUEUE_WIDTHS, Stacked, statusColumn, twoFacts } from '../../components/QueueColumns';
import { ReviewQueue } from '../../components/ReviewQueue';
import { StatusTag } from '../../components/StatusTag';
import { formatDate } from '../../lib/format';
import { call } from '../../lib/request';
import { closeFeedbackRoute, feedbackListRoute, replyFeedbackRoute } from '../../lib/routes-support';
import { sizedUpload } from '../../lib/upload';

type Row = EndpointData<typeof feedbackListRoute>['list'][number];

/** A member's text cut after two lines in the list. */
const TWO_LINES: React.CSSProperties = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' };

/** Members' feedback: pending first, the text as the member typed it with their images; one reply (the member is messaged) or closing it. */
export default function Feedback() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<Row>
      name="feedback"
      subject={t('console.audit.targets.feedback')}
      statuses={['pending', 'replied', 'closed']}
      defaultStatus="pending"
      list={feedbackListRoute}
      exportable={false}
      // The request with its date, the state, the member over the type, then the text on two lines (the
      // whole of it in the drawer): with the actions 730 px of the 740 a 1024 px window leaves the table.
      columns={[
        numberColumn<Row>(t, { title: t('console.common.id'), number: (r) => r.id, width: QUEUE_WIDTHS.id }),
        statusColumn<Row>(t),
        {
          title: twoFacts(t('console.common.member'), t('console.support.feedback.category')),
          key: 'member',
          width: QUEUE_WIDTHS.member,
          render: (_, r) => <Stacked first={r.user_name} second={r.cate.name} />,
        },
        {
          title: t('console.support.feedback.content'),
          dataIndex: 'content',
          width: 190,
          render: (v: string) => (
            <div title={v} style={TWO_LINES}>
              {v}
            </div>
          ),
        },
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
