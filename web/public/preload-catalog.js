/* global document, location */
// The catalogue (GET /api/catalog) starts loading with the app's JavaScript, but only on the page
// that shows it (the home page): index.html is the same for every route, and a preload that no page
// uses wastes a phone's data and bandwidth. A file, not inline: the CSP allows no inline scripts.
if (location.pathname === '/') {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.href = '/api/catalog';
  link.crossOrigin = 'anonymous';
  document.head.appendChild(link);
}
