import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { readPage } from '../src/db/pages/pages';
import { freshTable } from '../../test/db';
import { admin, customer, invoke, invokeRaw } from '../../test/invoke';
import { seedPages } from '../../local/src/seed-pages';

let db: Db;
beforeAll(async () => {
  db = await freshTable('pages');
});

const refund = {
  title: 'Refund Policy',
  body: 'Codes are final.\n\n- Invalid codes: a new code or a wallet refund',
};

describe('shop pages', () => {
  it('a page nobody wrote is empty with its default title, and is edge-cached', async () => {
    const res = await invoke('getPage', { params: { slug: 'terms' } });
    expect(res.status).toBe(200);
    expect(res.body.page).toEqual({
      slug: 'terms',
      title: 'Terms of Service',
      body: '',
      faq: [],
      title_bn: null,
      body_bn: '',
      faq_bn: [],
      updated_at: null,
    });
    expect(String(res.headers['cache-control'] ?? res.headers['Cache-Control'])).toContain('s-maxage=60');
  });

  it('the admin saves a page and everyone reads it, trimmed', async () => {
    const saved = await invoke('adminPutPage', {
      as: admin,
      params: { slug: 'refund' },
      body: { ...refund, body: `  ${refund.body}\r\n` },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Page saved');
    expect(saved.body.page).toMatchObject({ slug: 'refund', ...refund, faq: [] });
    const read = await invoke('getPage', { params: { slug: 'refund' } });
    expect(read.body.page).toMatchObject(refund);
    expect(read.body.page.updated_at).toEqual(saved.body.page.updated_at);
  });

  it('the FAQ keeps its question/answer pairs', async () => {
    const faq = [{ question: 'How fast?', answer: 'Seconds.' }];
    const saved = await invoke('adminPutPage', {
      as: admin,
      params: { slug: 'faq' },
      body: { title: 'FAQ', faq },
    });
    expect(saved.status).toBe(200);
    expect((await invoke('getPage', { params: { slug: 'faq' } })).body.page).toMatchObject({ body: '', faq });
  });

  it('refuses customers (403) and anonymous callers (401), writing nothing', async () => {
    const asCustomer = await invoke('adminPutPage', {
      as: customer(1),
      params: { slug: 'privacy' },
      body: refund,
    });
    expect(asCustomer.status).toBe(403);
    expect((await invoke('adminPutPage', { params: { slug: 'privacy' }, body: refund })).status).toBe(401);
    expect(await readPage(db, 'privacy')).toBeUndefined();
  });

  it('refuses a missing title, a body or FAQ over the caps and questions outside the FAQ (400)', async () => {
    const put = (slug: string, body: unknown) =>
      invoke('adminPutPage', { as: admin, params: { slug }, body });
    const noTitle = await put('privacy', { title: ' ', body: 'x' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.fields.title).toBe('Title is required');
    const long = await put('privacy', { title: 'Privacy', body: 'x'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.body).toBe('Must be at most 20000 characters');
    const many = Array.from({ length: 51 }, () => ({ question: 'Q', answer: 'A' }));
    expect((await put('faq', { title: 'FAQ', faq: many })).status).toBe(400);
    expect((await put('faq', { title: 'FAQ', faq: [{ question: 'Q', answer: '' }] })).status).toBe(400);
    const stray = await put('privacy', { title: 'Privacy', faq: [{ question: 'Q', answer: 'A' }] });
    expect(stray.status).toBe(400);
    expect(stray.body.error.fields.faq).toBe('Only the FAQ page has questions');
    expect((await put('privacy', 'not json')).status).toBe(400);
    expect(await readPage(db, 'privacy')).toBeUndefined();
  });

  it('an unknown slug is a 404 for reads and writes', async () => {
    const read = await invoke('getPage', { params: { slug: 'about' } });
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe('Page not found');
    expect(
      (await invoke('adminPutPage', { as: admin, params: { slug: 'about' }, body: refund })).status,
    ).toBe(404);
  });

  it('the local seed writes the missing pages only, never over the admin text', async () => {
    expect(await seedPages(db)).toBe(2);
    expect((await readPage(db, 'refund'))?.body).toBe(refund.body);
    const terms = await invoke('getPage', { params: { slug: 'terms' } });
    expect(terms.body.page.body).toContain('## Orders and delivery');
    expect(await seedPages(db)).toBe(0);
  });

  it('the sitemap lists the four pages', async () => {
    const res = await invokeRaw('sitemap', {});
    for (const path of ['/terms', '/privacy', '/refund-policy', '/faq'])
      expect(res.body).toContain(`${path}</loc>`);
  });

  it('the editor reads through the admin route, never cached: a reopened page shows the save', async () => {
    const before = await invoke('adminGetPage', { as: admin, params: { slug: 'privacy' } });
    expect(before.status).toBe(200);
    expect(before.body.page.slug).toBe('privacy');
    const cacheControl = String(before.headers['cache-control'] ?? before.headers['Cache-Control'] ?? '');
    expect(cacheControl).not.toContain('s-maxage');
    const saved = await invoke('adminPutPage', {
      as: admin,
      params: { slug: 'privacy' },
      body: { title: 'Privacy', body: `We keep your email. ${Date.now()}` },
    });
    expect(saved.status).toBe(200);
    const after = await invoke('adminGetPage', { as: admin, params: { slug: 'privacy' } });
    expect(after.body.page).toEqual(saved.body.page);
    expect(after.body.page).not.toEqual(before.body.page);
    expect((await invoke('adminGetPage', { as: customer(1), params: { slug: 'privacy' } })).status).toBe(403);
    expect((await invoke('adminGetPage', { params: { slug: 'privacy' } })).status).toBe(401);
    expect((await invoke('adminGetPage', { as: admin, params: { slug: 'about' } })).status).toBe(404);
  });
});
