import type { realNameReviewSchema } from '@shop/contract/admin';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { approveOrReject, decidedFacts, ReviewQueue } from '../../components/ReviewQueue';
import { StatusTag } from '../../components/StatusTag';
import { decideRealNameRoute as adminDecideRealName, realNamesRoute as adminListRealNames } from '../../lib/routes';
import { documentName } from '../../lib/documents';
import { formatDate } from '../../lib/format';

type Row = z.infer<typeof realNameReviewSchema>;

export default function RealNames() {
  const { t, i18n } = useTranslation();
  const name = (r: Row) => (r.kind === 'mainland' ? `${r.surname}${r.given_name}` : `${r.given_name} ${r.surname}`);
  return (
    <ReviewQueue<Row>
      name="realname"
      statuses={['pending', 'approved', 'rejected']}
      searchPlaceholder={t('console.common.searchMember')}
      defaultStatus="pending"
      list={adminListRealNames}
      columns={[
        { title: t('console.common.id'), dataIndex: 'id', width: 80, sorter: true },
        { title: t('console.common.member'), dataIndex: 'user_name', sorter: true },
        { title: t('console.realname.name'), key: 'name', render: (_, r) => name(r) },
        { title: t('console.realname.kind'), dataIndex: 'kind', render: (k: string) => t(`console.realname.${k}`) },
        { title: t('console.realname.issuingCountry'), dataIndex: 'country', render: (c: string) => regionName(c, i18n.language) },
        { title: t('console.realname.documentType'), dataIndex: 'document_type', render: (d: string) => documentName(t, d) },
        { title: t('console.common.created'), dataIndex: 'created_at', sorter: true, render: (v: string) => formatDate(v) },
        { title: t('console.common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
      ]}
      describe={(r) => [
        { label: t('console.common.member'), value: `${r.user_name} (#${r.user_id})` },
        { label: t('console.realname.name'), value: name(r) },
        { label: t('console.realname.kind'), value: t(`console.realname.${r.kind}`) },
        // The document's issuing country by name, as the document shows it, beside its code.
        { label: t('console.realname.issuingCountry'), value: `${regionName(r.country, i18n.language)} (${r.country})` },
        { label: t('console.realname.documentType'), value: documentName(t, r.document_type) },
        { label: t('console.realname.documentNumber'), value: <Typography.Text copyable>{r.document_number}</Typography.Text> },
        { label: t('console.realname.birthday'), value: r.birthday ? formatDate(r.birthday, true) : '—' },
        { label: t('console.common.created'), value: formatDate(r.created_at) },
        { label: t('console.common.status'), value: <StatusTag status={r.status} /> },
        ...decidedFacts(t, r),
      ]}
      actions={approveOrReject<Row>(t, adminDecideRealName)}
    />
  );
}

/** A country's name in the console's language (its code when the browser does not know it). */
function regionName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang === 'jp' ? 'ja' : lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
