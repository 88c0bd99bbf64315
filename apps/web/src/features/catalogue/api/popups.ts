import { useQuery } from '@tanstack/react-query';
import { listPopups } from '@shop/contract';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

export const usePopupList = () => {
  const lang = useLanguage((s) => s.lang);
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: ['popups', lang, Boolean(token)], queryFn: () => call(listPopups, undefined, { quiet: true }) });
};
