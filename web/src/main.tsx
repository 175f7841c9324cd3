import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import App, { preloadProductPage } from './App';
import './index.css';
import { AuthProvider, configureAuth } from './shared/auth/auth';
import { shellHeroLoaded } from './shared/api/early-answers';
import { queryClient } from './shared/api/query-client';
import { siteQuery } from './shared/api/site';
import { catalogQuery, productQuery } from './features/catalog/api';
import { loadRuntimeConfig } from './shared/config/runtime-config';
import { Toaster } from './shared/ui/sonner';
import { startI18n } from './shared/i18n/i18n';

const i18nReady = startI18n({
  en: () => import('./first-screen-en'),
  bn: () => import('./first-screen-bn'),
});
const root = createRoot(document.getElementById('root')!);

const config = loadRuntimeConfig();
configureAuth(config);

// A transition render yields to the browser every few milliseconds instead of one long task, so the
// static shell in index.html stays responsive while React builds the page.
let failed = false;
function render() {
  if (failed) return;
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AuthProvider>
              <App />
              <Toaster />
            </AuthProvider>
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// The site data (slides, settings) and the page's own data (the catalogue on /, the product on a
// product page), all fetched early by preload-route.js, arrive about with this script: the first
// render waits a moment for them, so the page paints once with its content instead of skeletons
// (data that lands during React's first, interruptible render would make it start over as one long
// blocking render). And always for the page's strings in the visitor's language.
const site = queryClient.prefetchQuery(siteQuery);
const productId = /^\/product\/([^/]+)\/?$/.exec(location.pathname)?.[1];
const page =
  location.pathname === '/'
    ? queryClient.prefetchQuery(catalogQuery)
    : productId
      ? // The product page's code too (its chunks are preloaded): evaluated while the data arrives;
        // if that fails, the page asks for it again when it renders.
        Promise.all([
          queryClient.prefetchQuery(productQuery(productId)),
          preloadProductPage().catch(() => undefined),
        ])
      : undefined;
// On /, also the shell's first slide (drawn by preload-route.js): on screen before the app draws the
// same image over it, it stays the page's largest paint instead of waiting for the app.
const data = Promise.race([
  Promise.all([site, page, shellHeroLoaded()]),
  new Promise((resolve) => setTimeout(resolve, 800)),
]);
void Promise.all([i18nReady, data]).then(render);

// Without its config the shop cannot reach the API or sign anyone in: say so plainly, in both
// languages (the strings' chunk may be what failed to load).
config.catch((error: unknown) => {
  failed = true;
  root.render(
    <main className="mx-auto max-w-md p-6 text-center">
      <h1 className="text-xl font-bold">
        <span lang="bn">দোকানটি চালু করা যায়নি</span> · The shop could not start
      </h1>
      <p className="mt-2">
        <span lang="bn">ইন্টারনেট কানেকশন দেখে পেজটি আবার লোড করুন।</span> · Please check your connection and
        reload the page.
      </p>
      <p className="mt-2 text-xs text-muted-foreground">
        {error instanceof Error ? error.message : String(error)}
      </p>
    </main>,
  );
});

// Installable app and offline page (web/pwa/service-worker.js, written by the build): production
// only, and registered a few seconds after the page has loaded, when the main thread is idle: its
// install (parsing the worker, filling the cache) must not compete with a cheap phone's first
// taps. Measured: registering at 'load' cost the home page 6 Lighthouse performance points.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js')
      .catch((error: unknown) => console.warn('No service worker:', error));
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5000 }) : register();
  const later = () => window.setTimeout(whenIdle, 3000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
