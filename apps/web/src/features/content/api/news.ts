import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { collectNews, getNews, likeNews, listNews, listNewsAttachments, listNewsBanners } from '@shop/contract';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

export const useNewsBanners = () => {
  const lang = useLanguage((s) => s.lang);
  return useQuery({ queryKey: ['news-banners', lang], queryFn: () => call(listNewsBanners, undefined, { quiet: true }) });
};

export const useNewsPages = () => {
  const lang = useLanguage((s) => s.lang);
  return useInfiniteQuery({
    queryKey: ['news', lang],
    queryFn: ({ pageParam }) => call(listNews, { page: pageParam, limit: 10 }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
};

export const useNewsInfo = (id: number) => {
  const lang = useLanguage((s) => s.lang);
  const token = useSession((s) => s.token);
  return useQuery({ queryKey: ['news-info', lang, id, token], queryFn: () => call(getNews, { id }, { quiet: true }), enabled: id > 0 });
};

export const useNewsAttachments = (id: number, enabled: boolean) =>
  useQuery({ queryKey: ['news-annex', id], queryFn: () => call(listNewsAttachments, { news_id: id }, { quiet: true }), enabled: enabled && id > 0 });

/** Like or collect an article; the article is read again with the answer. */
export function useNewsReaction(id: number) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['news-info'] });
  return {
    like: useMutation({ mutationFn: (like: boolean) => call(likeNews, { news_id: id, like }), onSuccess: done }),
    collect: useMutation({ mutationFn: (collect: boolean) => call(collectNews, { news_id: id, collect }), onSuccess: done }),
  };
}
