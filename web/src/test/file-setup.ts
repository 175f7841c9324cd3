import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { vi } from 'vitest';

/**
 * Runs before each web test file, before the other setup files. The files of a worker share one
 * jsdom window and the packages they load (isolate: false in vitest.config.ts: React, jsdom, Radix
 * and the rest load once a worker instead of once a file), so each file first gets back what a fresh
 * worker would give it:
 * - the SPA's and the contract's own modules load anew (packages from node_modules stay loaded):
 *   their module state (runtime config, site settings, the query client, the language, auth) starts
 *   empty, the file's vi.mock reaches every module that imports what it mocks, and no module an
 *   earlier file loaded against its own mocks is used again;
 * - the page as jsdom starts it: nothing mounted, an empty body, no title or meta tags (the styles a
 *   package put in the head when it loaded stay, as the package does), no attribute on <html>,
 *   empty storage, no cookies, the starting URL, no property a test defined on document or navigator;
 * - real timers, no stubbed global or environment variable, and no toast still showing (sonner, which
 *   stays loaded, shows its active toasts to the next Toaster that mounts).
 */
const start = globalThis as {
  webPageAtStart?: { url: string; documentKeys: Set<PropertyKey>; navigatorKeys: Set<PropertyKey> };
};
start.webPageAtStart ??= {
  url: window.location.href,
  documentKeys: new Set(Reflect.ownKeys(document)),
  navigatorKeys: new Set(Reflect.ownKeys(navigator)),
};
const atStart = start.webPageAtStart;

vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
cleanup();
toast.dismiss();

document.body.replaceChildren();
for (const element of [document.documentElement, document.head, document.body]) {
  for (const name of element.getAttributeNames()) element.removeAttribute(name);
}
for (const element of [...document.head.children]) {
  if (element.localName !== 'style') element.remove();
}
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
window.history.replaceState(null, '', atStart.url);
for (const [target, keys] of [
  [document, atStart.documentKeys],
  [navigator, atStart.navigatorKeys],
] as const) {
  for (const key of Reflect.ownKeys(target)) {
    if (!keys.has(key)) Reflect.deleteProperty(target, key);
  }
}

vi.resetModules();
