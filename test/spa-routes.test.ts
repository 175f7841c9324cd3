import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPA_ROUTE_PATTERN } from '@khelaghor/contract/spa-edge';
import { SPA_PATHS } from '@khelaghor/contract/spa-routes';

/**
 * The edge answers 404 for any path the contract's list does not hold (contract/src/spa-routes.ts),
 * so the SPA must not have a page outside it: every <Route path> of App.tsx is one of the list's
 * paths (or '*', the SPA's own 404 page), and every path of the list is a page of the app.
 */
const app = readFileSync(join(import.meta.dirname, '../web/src/App.tsx'), 'utf8');

describe("the SPA's pages", () => {
  it("are the contract's list, no more and no fewer", () => {
    const paths = [...app.matchAll(/<Route\s[^>]*\bpath=(\{[^}]*\}|"[^"]*")/g)].map((m) => m[1]);
    expect(paths.filter((p) => p !== '"*"' && !/^\{SPA_PATHS\.\w+\}$/.test(p!))).toEqual([]);
    const used = new Set(paths.map((p) => /^\{SPA_PATHS\.(\w+)\}$/.exec(p!)?.[1]));
    // The home page is the layout's index route.
    expect(app).toMatch(/<Route index\b/);
    expect(Object.keys(SPA_PATHS).filter((name) => name !== 'home' && !used.has(name))).toEqual([]);
  });

  it('match the paths react-router matches them with', () => {
    expect(SPA_ROUTE_PATTERN.test('/')).toBe(true);
    expect(SPA_ROUTE_PATTERN.test('/product/0b7c-11')).toBe(true);
    expect(SPA_ROUTE_PATTERN.test('/product/')).toBe(false);
    expect(SPA_ROUTE_PATTERN.test('/admin/wallets')).toBe(true);
    expect(SPA_ROUTE_PATTERN.test('/administrator')).toBe(false);
    expect(SPA_ROUTE_PATTERN.test('/my-codes/')).toBe(true);
    expect(SPA_ROUTE_PATTERN.test('/orders')).toBe(false);
  });
});
