/* global document, location, self */
// What the page at this address needs first, started with the app's JavaScript instead of after it
// has run (index.html is the same for every route, so this small file picks by path). A file, not
// inline: the CSP allows no inline scripts. The build fills in the chunk names.
//
// API answers are fetched here and kept in self.__khelaghorEarly by path: the app's API client
// takes each one once instead of asking again (web/src/shared/api/early-answers.ts).
const ROUTE_CHUNKS = self.__KHELAGHOR_ROUTE_CHUNKS__;
const early = (self.__khelaghorEarly = {});

/** A <link rel=preload> (as="fetch") or <link rel=modulepreload> the app's own request then uses. */
function preload(href, rel = 'modulepreload') {
  const link = document.createElement('link');
  link.rel = rel;
  if (rel === 'preload') link.as = 'fetch';
  link.href = href;
  link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}

/** GET an API path now; the JSON (undefined when it failed) is kept for the app. */
function fetchEarly(path) {
  early[path] = fetch(path, { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? res.json() : undefined))
    .catch(() => undefined);
  return early[path];
}

/** Run once the static shell (index.html's body) is parsed. */
function whenParsed(run) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
  else run();
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
const locale = visitorLocale();
// The shell's brand as a Bangla reader's page writes it (the default's; the app then shows the
// shop's own), so the first paint does not say Khelaghor on a Bangla page.
if (locale === 'bn')
  whenParsed(() => {
    const brand = document.querySelector('[data-shell-brand]');
    if (brand) brand.textContent = 'খেলাঘর';
    const initial = document.querySelector('[data-shell-initial]');
    if (initial) initial.textContent = 'খ';
  });
for (const chunk of ROUTE_CHUNKS.firstScreen[locale]) preload(chunk);

// Every page shows the site's settings. The home page's largest paint is its first slide: the
// static shell shows it as soon as the data arrives, and the app then draws the same image in the
// same place (a first paint of real content on slow phones).
const site = fetchEarly('/api/site');
const product = /^\/product\/([^/]+)\/?$/.exec(location.pathname);
if (location.pathname === '/') {
  // A plain preload: the app's own fetch takes it, and parses it in its own task, not in this one.
  preload('/api/catalog', 'preload');
  // Settles when the slide has loaded (or there is none): the app's first render waits for it too
  // (main.tsx), so the shell's slide is on screen before the app draws its own over it.
  self.__khelaghorShellHero = site.then((answer) => {
    const slide = answer && answer.slides && answer.slides[0];
    if (!slide) return undefined;
    return new Promise((resolve) =>
      whenParsed(() => {
        const box = document.querySelector('[data-shell-hero]');
        if (!box) return resolve();
        const img = document.createElement('img');
        img.onload = img.onerror = () => resolve();
        img.src = slide.image_url;
        img.alt = '';
        img.setAttribute('fetchpriority', 'high');
        img.style.cssText = 'width:100%;height:100%;object-fit:cover';
        box.append(img);
      }),
    );
  });
} else if (product) {
  for (const chunk of ROUTE_CHUNKS.product) preload(chunk);
  // The page's header instead of the slide's box at once, with the product's image and name as
  // soon as they arrive; the app then draws the same header in the same place (the name is the
  // page's largest paint, here in a few kilobytes instead of after the app's JavaScript).
  const answer = fetchEarly(`/api/products/${product[1]}`);
  whenParsed(() => {
    const header = shellProductHeader();
    if (header) answer.then((found) => found && found.product && fillProductHeader(header, found.product));
  });
}

/** index.html's template of features/catalog/components/product-header.tsx, in place of the slide. */
function shellProductHeader() {
  const hero = document.querySelector('[data-shell-hero]');
  const template = document.querySelector('template[data-shell-product]');
  if (!hero || !template) return undefined;
  const header = template.content.firstElementChild.cloneNode(true);
  hero.replaceWith(header);
  return header;
}

function fillProductHeader(header, item) {
  if (item.image_url) {
    const img = document.createElement('img');
    img.src = item.image_url;
    img.alt = '';
    img.width = img.height = 64;
    img.className = 'h-full w-full object-cover';
    header.querySelector('div').append(img);
  }
  // The name in the visitor's language, as web/src/shared/i18n/content.ts picks it.
  const bangla = locale === 'bn' && item.name_bn && item.name_bn.trim();
  header.querySelector('h1').textContent = bangla ? item.name_bn : item.name;
  const category = header.querySelector('p');
  if (item.category) category.textContent = item.category;
  else category.remove();
}
