import { List } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

/** The referral area's pages, one line each (the invite page shows them under the totals). */
export function TeamEntries({ paths, onOpen }: { paths: Record<'members' | 'placement' | 'records' | 'star' | 'applications', string>; onOpen: (to: string) => void }) {
  const { t } = useTranslation();
  return (
    <List className="ref-entries">
      {(['members', 'placement', 'records', 'star', 'applications'] as const).map((k) => (
        <List.Item key={k} onClick={() => onOpen(paths[k])} arrowIcon>
          {t(`referral.page.${k}`)}
        </List.Item>
      ))}
    </List>
  );
}
