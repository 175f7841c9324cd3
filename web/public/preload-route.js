/* global document, location, self */
// What the page at this address needs first, started with the app's JavaScript instead of after it
// has run (index.html is the same for every route, so this small file picks by path). A file, not
// inline: the CSP allows no inline scripts. The build fills in the chunk names.
const ROUTE_CHUNKS = self.__KHELAGHOR_ROUTE_CHUNKS__;

function preload(href, as) {
  const link = document.createElement('link');
  link.rel = as === 'script' ? 'modulepreload' : 'preload';
  if (as !== 'script') link.as = as;
  link.href = href;
  link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

// The visitor's language, by web/src/shared/i18n/locale.ts's rule: the header switch's choice, else
// the first of the browser's languages the shop speaks, else Bangla.
function visitorLocale() {
  let stored = null;
  try {
    stored = localStorage.getItem('khelaghor.locale');
  } catch {
    // Storage blocked: the browser's languages decide.
  }
  if (stored === 'bn' || stored === 'en') return stored;
  for (const tag of navigator.languages || [navigator.language]) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base === 'bn' || base === 'en') return base;
  }
  return 'bn';
}
for (const chunk of ROUTE_CHUNKS.firstScreen[visitorLocale()]) preload(chunk, 'script');

const product = /^\/product\/([^/]+)\/?$/.exec(location.pathname);
if (location.pathname === '/') {
  preload('/api/catalog', 'fetch');
  // The first slide is the home page's largest paint: the static shell shows it as soon as the site
  // data (preloaded by index.html) arrives; the app then draws the same image in the same place.
  fetch('/api/site')
    .then((res) => (res.ok ? res.json() : undefined))
    .then((site) => {
      const slide = site && site.slides && site.slides[0];
      if (!slide) return;
      const show = () => {
        const box = document.querySelector('[data-shell-hero]');
        if (!box) return;
        const img = document.createElement('img');
        img.src = slide.image_url;
        img.alt = '';
        img.setAttribute('fetchpriority', 'high');
        img.style.cssText = 'width:100%;height:100%;object-fit:cover';
        box.append(img);
      };
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
      else show();
    })
    .catch(() => undefined);
} else if (product) {
  preload(`/api/products/${product[1]}`, 'fetch');
  for (const chunk of ROUTE_CHUNKS.product) preload(chunk, 'script');
}
