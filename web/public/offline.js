/* global document */
// The offline page in the visitor's language, by web/src/shared/i18n/locale.ts's rule: the header
// switch's choice, else the first of the browser's languages the shop speaks, else Bangla. A file,
// not inline: the CSP allows no inline scripts.
(function () {
  let lang;
  try {
    lang = localStorage.getItem('khelaghor.locale');
  } catch {
    // Storage blocked: the browser's languages decide.
  }
  if (lang !== 'bn' && lang !== 'en') {
    lang = 'bn';
    for (const tag of navigator.languages || [navigator.language]) {
      const base = String(tag).toLowerCase().split('-')[0];
      if (base === 'bn' || base === 'en') {
        lang = base;
        break;
      }
    }
  }
  document.documentElement.lang = lang;
  for (const block of document.querySelectorAll('[data-locale]'))
    block.hidden = block.dataset.locale !== lang;
  document.title = `${document.querySelector(`[data-locale="${lang}"] h1`).textContent} · Khelaghor`;
})();
