import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getAgreement, getNotice, getShareInfo, listFaq, listNotices, listSharePosters } from '@shop/contract';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

export const useNoticePages = () => {
  const lang = useLanguage((s) => s.lang);
  return useInfiniteQuery({
    queryKey: ['notices', lang],
    queryFn: ({ pageParam }) => call(listNotices, { page: pageParam, limit: 10 }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
};

export const useNotice = (id: number) => {
  const lang = useLanguage((s) => s.lang);
  return useQuery({ queryKey: ['notice', lang, id], queryFn: () => call(getNotice, { id }, { quiet: true }), enabled: id > 0 });
};

export const useFaq = () => {
  const lang = useLanguage((s) => s.lang);
  return useQuery({ queryKey: ['faq', lang], queryFn: () => call(listFaq, { limit: 100 }, { quiet: true }) });
};

export type AgreementKind = 'user' | 'privacy' | 'purchase';
export const useAgreement = (kind: AgreementKind) => {
  const lang = useLanguage((s) => s.lang);
  return useQuery({ queryKey: ['agreement', lang, kind], queryFn: () => call(getAgreement, { type: kind }, { quiet: true }) });
};

export const useSharePosters = () => {
  const lang = useLanguage((s) => s.lang);
  return useQuery({ queryKey: ['share-posters', lang], queryFn: () => call(listSharePosters, undefined, { quiet: true }) });
};

export const useMyShareLink = () => {
  const lang = useLanguage((s) => s.lang);
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: ['share-link', lang, token], queryFn: () => call(getShareInfo, {}, { quiet: true }) });
};
