import { List } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { TapRow } from '@/components/tap-row';

/** The referral area's pages, one line each (the invite page shows them under the totals). */
export function TeamEntries({ paths }: { paths: Record<'members' | 'placement' | 'records' | 'star' | 'applications', string> }) {
  const { t } = useTranslation();
  return (
    <List className="ref-entries">
      {(['members', 'placement', 'records', 'star', 'applications'] as const).map((k) => (
        <TapRow key={k} to={paths[k]}>
          {t(`referral.page.${k}`)}
        </TapRow>
      ))}
    </List>
  );
}
