import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from './static-files';

/** The local edge in front of a built SPA: what CloudFront + S3 answer for pages, unknown paths and files. */
const dist = mkdtempSync(join(tmpdir(), 'khelaghor-static-'));
const INDEX = '<!doctype html><title>Khelaghor</title><div id="root"></div>';
let server: Server;
let origin: string;

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  server = createServer((req, res) => {
    serveStatic(dist, req, res, new URL(req.url ?? '/', 'http://localhost').pathname);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dist, { recursive: true, force: true });
});

const get = async (path: string) => {
  const res = await fetch(origin + path, { headers: { 'accept-encoding': 'identity' } });
  return { status: res.status, body: await res.text(), cache: res.headers.get('cache-control') };
};

describe('the local static server', () => {
  it("answers the SPA's pages with index.html and 200", async () => {
    for (const page of ['/', '/my-orders', '/product/0b7c?x=1', '/admin/orders', '/faq']) {
      const res = await get(page);
      expect([page, res.status, res.body]).toEqual([page, 200, INDEX]);
      expect(res.cache).toBe('no-cache');
    }
  });

  it('answers any other path without an extension with the SPA (its 404 page) and status 404', async () => {
    for (const path of ['/no-such-page', '/orders', '/product/a/b', '/my-orders/x']) {
      const res = await get(path);
      expect([path, res.status, res.body]).toEqual([path, 404, INDEX]);
    }
  });

  it('serves files as they are, and a missing file is 404 (not the SPA)', async () => {
    expect((await get('/robots.txt')).status).toBe(200);
    expect((await get('/assets/app-1a2b.js')).cache).toContain('immutable');
    for (const missing of ['/no-such-file.js', '/assets/gone-9z.js', '/assets/nothing']) {
      const res = await get(missing);
      expect([missing, res.status, res.body]).toEqual([missing, 404, 'Not found']);
    }
  });
});
