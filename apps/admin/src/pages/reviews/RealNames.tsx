import type { realNameReviewSchema } from '@shop/contract/admin';
import { Alert, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { approveOrReject, decidedFacts, ReviewQueue } from '../../components/ReviewQueue';
import { numberColumn, QUEUE_WIDTHS, Stacked, statusColumn, twoFacts } from '../../components/QueueColumns';
import { StatusTag } from '../../components/StatusTag';
import { decideRealNameRoute as adminDecideRealName, realNamesRoute as adminListRealNames } from '../../lib/routes';
import { documentName } from '../../lib/documents';
import { formatDate, formatPersonName, formatRegion } from '../../lib/format';

type Row = z.infer<typeof realNameReviewSchema>;

export default function RealNames() {
  const { t } = useTranslation();
  // As the member app writes a name for this language (one rule): "王小明", "Ali Tan".
  const name = (r: Row) => formatPersonName(r.given_name, r.surname);
  return (
    <ReviewQueue<Row>
      name="realname"
      subject={t('console.audit.targets.certification')}
      statuses={['pending', 'approved', 'rejected']}
      searchPlaceholder={t('console.common.searchMember')}
      defaultStatus="pending"
      list={adminListRealNames}
      // The request with its date, the state, the member over the name, the document over its issuing
      // country and form: with the actions 710 px of the 740 a 1024 px window leaves the table.
      columns={[
        numberColumn<Row>(t, { title: t('console.common.id'), number: (r) => r.id, sortKey: 'id', width: QUEUE_WIDTHS.id }),
        statusColumn<Row>(t),
        {
          title: twoFacts(t('console.common.member'), t('console.realname.name')),
          key: 'user_name',
          sorter: true,
          width: QUEUE_WIDTHS.member,
          render: (_, r) => <Stacked first={r.user_name} second={name(r)} />,
        },
        {
          title: twoFacts(t('console.realname.documentType'), t('console.realname.issuingCountry')),
          key: 'document',
          width: 170,
          render: (_, r) => (
            <Stacked
              first={
                <>
                  {documentName(t, r.document_type)}
                  {r.same_document.length > 0 && (
                    <Tag color="warning" style={{ marginInlineStart: 6 }}>
                      {t('console.realname.sharedTag')}
                    </Tag>
                  )}
                </>
              }
              second={`${formatRegion(r.country)} · ${t(`console.realname.${r.kind}`)}`}
            />
          ),
        },
      ]}
      describe={(r) => [
        { label: t('console.common.member'), value: `${r.user_name} (#${r.user_id})` },
        { label: t('console.realname.name'), value: name(r) },
        { label: t('console.realname.kind'), value: t(`console.realname.${r.kind}`) },
        // The document's issuing country by name, as the document shows it, beside its code.
        { label: t('console.realname.issuingCountry'), value: `${formatRegion(r.country)} (${r.country})` },
        { label: t('console.realname.documentType'), value: documentName(t, r.document_type) },
        { label: t('console.realname.documentNumber'), value: <Typography.Text copyable>{r.document_number}</Typography.Text> },
        // The same number sent by other accounts (any state): approving a shared document needs a second look.
        ...(r.same_document.length
          ? [
              {
                label: t('console.realname.sameDocument'),
                value: (
                  <Alert
                    type="warning"
                    showIcon
                    message={t('console.realname.sameDocumentText')}
                    description={r.same_document.map((o) => `${o.user_name} (#${o.user_id}) · ${documentName(t, o.document_type)} · ${t(`console.status.${o.status}`)}`).join('\n')}
                    style={{ whiteSpace: 'pre-line' }}
                  />
                ),
              },
            ]
          : []),
        { label: t('console.realname.birthday'), value: r.birthday ? formatDate(r.birthday, true) : '—' },
        { label: t('console.common.created'), value: formatDate(r.created_at) },
        { label: t('console.common.status'), value: <StatusTag status={r.status} /> },
        ...decidedFacts(t, r),
      ]}
      actions={approveOrReject<Row>(t, adminDecideRealName)}
    />
  );
}

