import { homeDataRoute } from '@shop/contract/content';
import { mediaSrcSet } from '@/components/media-image';
import { HOME_BANNER_SIZES } from '@/config/pictures';
import { earlyScriptPreloadsImage } from '@/lib/early-answers';
import { mediaUrl } from '@/lib/media-url';
import { call } from '@/lib/request';

/**
 * The home page's largest paint is its first banner, which the page only knows once its code and
 * its data have arrived. At start, alongside the language pack, this asks for the home data and
 * preloads that banner at the width the page will pick, so the picture is on its way before the
 * page renders (for a first visitor the document's early script does it instead).
 * Quiet: a failure changes nothing, the page asks again itself.
 */
export function preloadHomeBanner(): void {
  // A first visitor's document preloads it as soon as its early call answers; the page takes that answer.
  if (earlyScriptPreloadsImage()) return;
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
