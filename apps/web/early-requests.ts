/** A call the first screen makes at once, asked for by the early script instead (see `earlyRequestsSource`). */
export interface EarlyCall {
  /** The call's path on the API host (GET, no token). */
  path: string;
  /** Its query: fixed values, or `'#id'` for the address's `id` parameter, sent as a number the page reads. */
  query: Record<string, string>;
  /** Only on these hash paths (`/` for the address without one); every page when absent. */
  pages?: string[];
  /** Not on these hash paths. */
  notPages?: string[];
  /** Only when this language's cached pack is not stored (`{lang}` in the key is the language). */
  unlessStored?: string;
  /**
   * A picture the page will show first, named by the answer: as soon as the answer arrives, a
   * preload for it at `at` (keys into the answer's JSON), with the srcset the page will write
   * (`widths` of the server's resized copies) and its `sizes`. Only the shop's own resizable
   * pictures (`resizable`) are preloaded this way; `window.SHOP_EARLY_IMAGE` tells the app so. The
   * app gets the answer once the preload is in place, so the picture is always asked for by it,
   * never first by a page that renders from the same answer.
   */
  preloadImage?: {
    at: Array<string | number>;
    widths: readonly number[];
    sizes: string;
    resizable: RegExp;
    /**
     * Also shown in the splash where the page will show it, laid out by `#splash.splash-<name>`
     * (index.html): the page's largest paint is drawn as soon as the picture arrives, not once the
     * app has rendered.
     */
    splash?: string;
    /**
     * The name of a `<meta>` the shop writes into the document with the picture the answer names as
     * the shop knew it then: that picture starts (and goes into the splash) at once, beside the call
     * instead of after it. The answer still decides: when it names another picture (a document kept
     * from before a change), that one replaces it.
     */
    hint?: string;
  };
}

export interface EarlyRequestsSpec {
  languages: readonly string[];
  defaultLanguage: string;
  /** localStorage keys: the chosen language, the session (a stored one means calls carry a token) and the region. */
  keys: { lang: string; session: string; region: string };
  calls: EarlyCall[];
}

/**
 * Source of a script, run before the app's entry has arrived, that starts the first screen's calls
 * (the language pack, the open page's data) a first visitor's app would make, with the headers the
 * app would send, and leaves each answer in `window.SHOP_EARLY[url]`. The app takes an answer only
 * when its own request would have the same address and headers (`lib/early-answers.ts`), once; any
 * other state (a stored session, a region with its own headers, a launch parameter that changes the
 * language) simply makes the app ask itself.
 */
export function earlyRequestsSource(spec: EarlyRequestsSpec): string {
  // `wait`: a picture is on its way to the splash; until it is drawn or fails, the page's files wait
  // (`window.SHOP_PRELOAD`, chunking.ts). Every other way out lets them go at once. Drawn means the
  // browser has reported the picture as the page's largest paint, where it reports one (Chromium),
  // else decoded with its frame (`decoding = 'sync'`) and a frame after that begun (at most 400 ms
  // after those frames where it reports). Two frames alone were not enough: with the page's code
  // quicker to run, the app replaced the splash before Chromium had shown the picture in 2 of 8 loads,
  // and the page's own copy, drawn later, became the largest paint (with only one frame awaited, too).
  // A picture the document names is started while the document's head is still read: it goes into the
  // splash once the body has been read (the document turns "interactive" before the app's entry runs).
  // Should the answer name another picture first, the splash shows that one; `painted` only once in it.
  return `(function(s){var wait=false,rel=function(){var g=window.SHOP_PRELOAD;if(g)g()};try{var ls=window.localStorage,c=window.SHOP_CONFIG;if(!c||!window.fetch||ls.getItem(s.keys.session))return;
var r=JSON.parse(ls.getItem(s.keys.region)||'{}')||{};if(r.clientIp)return;var a=c.api||{},region=r.region==='cn'?'cn':'default';
var host=String((region==='cn'&&a.cn)||a['default']||'').replace(/\\/+$/,'');var l=ls.getItem(s.keys.lang);var lang=s.languages.indexOf(l)>=0?l:s.defaultLanguage;
var h=location.hash.slice(1),p=h.split('?')[0]||'/',id=Number(new URLSearchParams(h.split('?')[1]||'').get('id'))||0;
var headers={Accept:'application/json','Accept-Language':lang,'think-lang':lang,Area:'1',source:'H5',Authorization:''};var early=window.SHOP_EARLY=window.SHOP_EARLY||{};
s.calls.forEach(function(k){if(k.pages&&k.pages.indexOf(p)<0||k.notPages&&k.notPages.indexOf(p)>=0)return;if(k.unlessStored&&ls.getItem(k.unlessStored.replace('{lang}',lang)))return;
var q=new URLSearchParams(),ok=true;Object.keys(k.query).forEach(function(n){var v=k.query[n]==='#id'?(id>0?String(id):''):k.query[n];if(!v)ok=false;q.append(n,v)});if(!ok)return;
var qs=q.toString(),url=host+k.path+(qs?'?'+qs:'');var answer=fetch(url,{method:'GET',headers:headers,credentials:'omit'});
if(k.preloadImage){window.SHOP_EARLY_IMAGE=true;var i=k.preloadImage,painted=false,shown='',im=null;if(i.splash)wait=true;
var show=function(src){if(typeof src!=='string'||!new RegExp(i.resizable).test(src)||src===shown)return;shown=src;var u=host+src,j=u.indexOf('?')<0?'?':'&',l=document.createElement('link');l.rel='preload';l.as='image';l.setAttribute('fetchpriority','high');
var set=i.widths.map(function(w){return u+j+'w='+w+' '+w+'w'}).join(', ');l.setAttribute('imagesrcset',set);l.setAttribute('imagesizes',i.sizes);l.setAttribute('data-early-image','');l.href=u;document.head.appendChild(l);
var put=function(){var sp=i.splash&&document.getElementById('splash');if(!sp||shown!==src)return;if(!im){im=document.createElement('img');im.className='splash-hero';im.alt='';im.decoding='sync';im.setAttribute('fetchpriority','high');im.onload=function(){var done=false,go=function(){if(!done){done=true;setTimeout(rel,0)}},lcp=false;try{lcp=PerformanceObserver.supportedEntryTypes.indexOf('largest-contentful-paint')>=0;if(lcp)new PerformanceObserver(function(list,o){if(list.getEntries().some(function(e){return e.element===im})){o.disconnect();go()}}).observe({type:'largest-contentful-paint',buffered:true})}catch(e){lcp=false}requestAnimationFrame(function(){requestAnimationFrame(function(){if(lcp)setTimeout(go,400);else go()})})};im.onerror=rel;sp.className='splash-'+i.splash;sp.appendChild(im)}
im.sizes=i.sizes;im.srcset=set;im.src=u;painted=true};if(document.readyState!=='loading')put();else document.addEventListener('readystatechange',put,{once:true})};var hint=i.hint&&document.querySelector('meta[name="'+i.hint+'"]');if(hint)show(hint.getAttribute('content'));
answer=answer.then(function(res){return res.clone().json().then(function(body){show(i.at.reduce(function(v,key){return v==null?v:v[key]},body))})['catch'](function(){}).then(function(){if(!painted)rel();return res})},function(e){rel();throw e})}
answer.catch(function(){});early[url]={headers:headers,answer:answer}})}catch(e){}finally{if(!wait)rel()}})(${JSON.stringify(spec, (_k, v: unknown) => (v instanceof RegExp ? v.source : v))});\n`;
}
