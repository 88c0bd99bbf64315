import { useQuery } from '@tanstack/react-query';
import { getShareInfo } from '@shop/contract';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

export const useShareInfo = (goodsId: number | undefined, enabled: boolean) => {
  const lang = useLanguage((s) => s.lang);
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: ['share-info', lang, goodsId, token], queryFn: () => call(getShareInfo, goodsId ? { goods_id: goodsId } : {}, { quiet: true }), enabled });
};
