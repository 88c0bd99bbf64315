import type { QueryKey } from '@tanstack/react-query';
import { goodsInfoRoute } from '@shop/contract/catalogue';
import { homeDataRoute } from '@shop/contract/content';
import { mediaSrcSet } from '@/components/media-image';
import { paths } from '@/config/paths';
import { GOODS_GALLERY_SIZES, HOME_BANNER_SIZES } from '@/config/pictures';
import { earlyScriptPreloadsImage } from '@/lib/early-answers';
import { endpointKey } from '@/lib/endpoint-key';
import { mediaUrl } from '@/lib/media-url';
import { queryClient } from '@/lib/query-client';
import { call } from '@/lib/request';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';

/** Starts the page's largest picture: a preload link at the width the page will pick. */
function preloadPicture(image: string, sizes: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.setAttribute('fetchpriority', 'high');
  const srcset = mediaSrcSet(image);
  if (srcset) {
    link.setAttribute('imagesrcset', srcset);
    link.setAttribute('imagesizes', sizes);
  }
  link.href = mediaUrl(image);
  document.head.appendChild(link);
}

/** Fetches an answer into the cache under the key the page reads it by; then its picture, if it names one. */
function prefetch<T>(queryKey: QueryKey, ask: () => Promise<T>, picture: (data: T) => string | undefined, sizes: string): Promise<void> {
  return queryClient.fetchQuery({ queryKey, queryFn: ask }).then(
    (data) => {
      const image = picture(data);
      // For a first visitor the document's early script preloads it from its own answer.
      if (image && !earlyScriptPreloadsImage()) preloadPicture(image, sizes);
    },
    () => undefined,
  );
}

/**
 * The data of the page the app opens on, when it is the home or a goods page: asked for at start,
 * alongside the language pack (a first visitor's document asked already: its answer is taken), and
 * put where the page reads it, so the page renders whole in the app's first render rather than a
 * spinner first; its largest picture (the first banner, the first goods picture) is preloaded from
 * the answer. Quiet and never failing: on an error the page asks again itself. `undefined` for
 * other pages.
 */
export function prefetchFirstScreen(path: string, search: URLSearchParams): Promise<void> | undefined {
  const scope = { lang: useLanguage.getState().lang, token: useSession.getState().token };
  if (path === paths.tabbar.home) {
    return prefetch(endpointKey(homeDataRoute, undefined, scope), () => call(homeDataRoute, undefined, { quiet: true }), (d) => d.banners[0]?.image, HOME_BANNER_SIZES);
  }
  const id = Number(search.get('id')) || 0;
  if (path === paths.goods.details && id > 0) {
    return prefetch(endpointKey(goodsInfoRoute, { id }, scope), () => call(goodsInfoRoute, { id }, { quiet: true }), (d) => d.images[0], GOODS_GALLERY_SIZES);
  }
  return undefined;
}
