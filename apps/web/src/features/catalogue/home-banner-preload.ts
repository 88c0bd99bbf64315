import { homeDataRoute } from '@shop/contract/content';
import { mediaSrcSet } from '@/components/media-image';
import { mediaUrl } from '@/lib/media-url';
import { call } from '@/lib/request';

/** How wide the home banners show: the picture is chosen from the srcset by it (here and on the page). */
export const HOME_BANNER_SIZES = '(min-width: 750px) 726px, 94vw';

/**
 * The home page's largest paint is its first banner, which the page only knows once its code and
 * its data have arrived. At start, alongside the language pack, this asks for the home data and
 * preloads that banner at the width the page will pick, so the picture is on its way before the
 * page renders. Quiet: a failure changes nothing, the page asks again itself.
 */
export function preloadHomeBanner(): void {
  call(homeDataRoute, undefined, { quiet: true }).then(
    (data) => {
      const first = data.banners[0];
      if (!first) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.setAttribute('fetchpriority', 'high');
      const srcset = mediaSrcSet(first.image);
      if (srcset) {
        link.setAttribute('imagesrcset', srcset);
        link.setAttribute('imagesizes', HOME_BANNER_SIZES);
      }
      link.href = mediaUrl(first.image);
      document.head.appendChild(link);
    },
    () => undefined,
  );
}
