import { beforeAll, describe, expect, it } from 'vitest';
import { setJobLimits } from '../src/runtime/job-limits';
import { freshTable } from '../../test/db';
import { admin, invoke } from '../../test/invoke';
import type { Db } from '../src/db/client';
import type { CodeItem } from '../src/domain/model';
import { expectListed, idsInEveryShard, putItems, rawCode } from './list-fixtures';

const as = admin;

async function makeVariant(name = 'Variant') {
  const p = await invoke('adminCreateProduct', { as, body: { name: `${name} product` } });
  const v = await invoke('adminCreateVariant', {
    as,
    body: { product_id: p.body.product.id, name, price: 10000 },
  });
  return v.body.variant as { id: string; product_id: string };
}

const stockOf = async (variantId: string) =>
  ((await invoke('adminListVariants', { as })).body.items as Array<{ id: string; stock: number }>).find(
    (v) => v.id === variantId,
  )?.stock;

describe('admin vouchers', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTable('vouchers');
  });

  it('adds one code (validation, shop-wide uniqueness after trimming) and keeps the counter', async () => {
    const v = await makeVariant('Single');
    const missing = await invoke('adminAddVoucher', { as, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toMatchObject({
      variant_id: 'Please select a variant',
      code: 'Code is required',
    });
    const control = await invoke('adminAddVoucher', { as, body: { variant_id: v.id, code: 'AB\u0007CD' } });
    expect(control.body.error.fields.code).toBe('Code must not contain control characters');
    const tooLong = await invoke('adminAddVoucher', {
      as,
      body: { variant_id: v.id, code: 'x'.repeat(201) },
    });
    expect(tooLong.status).toBe(400);

    const ok = await invoke('adminAddVoucher', { as, body: { variant_id: v.id, code: '  GP-1000-AAAA  ' } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      message: 'Voucher code added successfully',
      voucher: { code: 'GP-1000-AAAA', status: 'available' },
    });
    const again = await invoke('adminAddVoucher', { as, body: { variant_id: v.id, code: 'GP-1000-AAAA' } });
    expect(again.status).toBe(409);
    const other = await makeVariant('Other');
    expect(
      (await invoke('adminAddVoucher', { as, body: { variant_id: other.id, code: ' GP-1000-AAAA' } })).status,
    ).toBe(409);
    expect((await invoke('adminAddVoucher', { as, body: { variant_id: 'nope', code: 'ZZZ' } })).status).toBe(
      404,
    );
    expect(await stockOf(v.id)).toBe(1);
    expect(await stockOf(other.id)).toBe(0);
  });

  it('bulk import reports every line and the counter follows', async () => {
    const v = await makeVariant('Bulk');
    await invoke('adminAddVoucher', { as, body: { variant_id: v.id, code: 'EXISTING-1' } });
    const res = await invoke('adminImportVouchers', {
      as,
      body: {
        variant_id: v.id,
        codes: ['NEW-1', '', '  ', ' NEW-2 ', 'NEW-1', 'EXISTING-1', 'x'.repeat(201), 'BAD\tTAB', 'NEW-3'],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual([
      'added',
      'added',
      'duplicate_in_file',
      'already_in_shop',
      'invalid',
      'invalid',
      'added',
    ]);
    expect(res.body.counts).toEqual({ added: 3, duplicate_in_file: 1, already_in_shop: 1, invalid: 2 });
    expect(res.body.stock).toBe(4);
    expect(await stockOf(v.id)).toBe(4);

    const empty = await invoke('adminImportVouchers', { as, body: { variant_id: v.id, codes: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Please add at least one code');
    const tooMany = await invoke('adminImportVouchers', {
      as,
      body: { variant_id: v.id, codes: Array.from({ length: 1001 }, (_, i) => `T${i}`) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('At most 1000 codes per request');
    expect(
      (await invoke('adminImportVouchers', { as, body: { codes: ['a'] } })).body.error.fields.variant_id,
    ).toBe('Please select a variant');
  });

  it('two concurrent imports of the same codes store each code once', async () => {
    const a = await makeVariant('RaceA');
    const b = await makeVariant('RaceB');
    const codes = Array.from({ length: 120 }, (_, i) => `RACE-${i}`);
    const [ra, rb] = await Promise.all([
      invoke('adminImportVouchers', { as, body: { variant_id: a.id, codes } }),
      invoke('adminImportVouchers', { as, body: { variant_id: b.id, codes } }),
    ]);
    expect(ra.body.counts.added + rb.body.counts.added).toBe(120);
    expect(ra.body.counts.already_in_shop + rb.body.counts.already_in_shop).toBe(120);
    expect((await stockOf(a.id))! + (await stockOf(b.id))!).toBe(120);
  });

  it('lists newest first with names, filters by status and variant, pages by cursor, deletes available codes', async () => {
    const v = await makeVariant('Listed');
    const codes = Array.from({ length: 7 }, (_, i) => `LIST-${i}`);
    for (const code of codes) await invoke('adminAddVoucher', { as, body: { variant_id: v.id, code } });

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await invoke('adminListVouchers', {
        as,
        query: { variant_id: v.id, limit: '3', ...(cursor && { cursor }) },
      });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      for (const item of page.body.items) {
        expect(item).toMatchObject({
          variant_name: 'Listed',
          product_name: 'Listed product',
          status: 'available',
        });
        seen.push(item.code);
      }
      cursor = page.body.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...codes].reverse());

    const all = await invoke('adminListVouchers', { as, query: { limit: '2' } });
    expect(all.body.items).toHaveLength(2);
    expect(all.body.items[0].code).toBe('LIST-6');
    const byStatus = await invoke('adminListVouchers', { as, query: { status: 'available', limit: '100' } });
    expect(byStatus.body.items.every((c: { status: string }) => c.status === 'available')).toBe(true);
    const delivered = await invoke('adminListVouchers', {
      as,
      query: { status: 'delivered', variant_id: v.id },
    });
    expect(delivered.body.items).toEqual([]);
    expect((await invoke('adminListVouchers', { as, query: { status: 'sold' } })).status).toBe(400);
    const badCursor = await invoke('adminListVouchers', { as, query: { cursor: 'not-a-cursor' } });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error).toEqual({
      code: 'invalid_cursor',
      message: 'Invalid cursor. Please reload the list.',
      reason: 'invalid_cursor',
    });
    // A cursor of one list used on another list is refused, not a 500.
    const gsiCursor = (await invoke('adminListVouchers', { as, query: { limit: '1' } })).body.cursor;
    const crossed = await invoke('adminListVouchers', { as, query: { variant_id: v.id, cursor: gsiCursor } });
    expect(crossed.status).toBe(400);

    const target = (await invoke('adminListVouchers', { as, query: { variant_id: v.id, limit: '1' } })).body
      .items[0];
    const del = await invoke('adminDeleteVoucher', { as, params: { variant_id: v.id, id: target.id } });
    expect(del.body.message).toBe('Voucher code deleted successfully');
    expect(await stockOf(v.id)).toBe(6);
    expect(
      (await invoke('adminDeleteVoucher', { as, params: { variant_id: v.id, id: target.id } })).status,
    ).toBe(404);
    // The string is free again once deleted.
    expect(
      (await invoke('adminAddVoucher', { as, body: { variant_id: v.id, code: target.code } })).status,
    ).toBe(201);
  });

  it('deleting a variant deletes its available codes and their uniqueness records', async () => {
    const v = await makeVariant('Doomed');
    const codes = Array.from({ length: 130 }, (_, i) => `DOOMED-${i}`);
    await invoke('adminImportVouchers', { as, body: { variant_id: v.id, codes } });
    // Inside the request whatever the machine's load (its time budget is the jobs tests' subject).
    setJobLimits({ requestBudgetMs: 60_000 });
    const del = await invoke('adminDeleteVariant', { as, params: { id: v.id } }).finally(() =>
      setJobLimits(undefined),
    );
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Variant deleted successfully');
    expect((await invoke('adminListVouchers', { as, query: { variant_id: v.id } })).body.items).toEqual([]);
    const reuse = await makeVariant('Reuse');
    const again = await invoke('adminImportVouchers', { as, body: { variant_id: reuse.id, codes } });
    expect(again.body.counts.added).toBe(130);
    expect((await invoke('adminDeleteVariant', { as, params: { id: v.id } })).status).toBe(404);
  });

  // The 10,000-code import is timed by `npm run bench` (bench/src/bulk-import.ts).
  it('imports 1,000 codes through the route in chunks and the catalogue shows stock 1,000', async () => {
    const v = await makeVariant('One thousand');
    for (let chunk = 0; chunk < 2; chunk++) {
      const codes = Array.from(
        { length: 500 },
        (_, i) => `ONEK-${chunk}-${i}-${(chunk * 7919 + i * 104729).toString(36)}`,
      );
      const res = await invoke('adminImportVouchers', { as, body: { variant_id: v.id, codes } });
      expect(res.body.counts.added).toBe(500);
    }
    const catalog = await invoke('getCatalog');
    const product = catalog.body.products.find((p: { id: string }) => p.id === v.product_id);
    expect(product.variants[0].stock).toBe(1_000);
  });

  it('by status: one list over 16 index partitions, paged exactly (ties by id), newest first', async () => {
    // A table of its own: each walk pages a few times over these codes, not over the thousand
    // imported above (what more pages would show, the cursor tests show).
    db = await freshTable('vouchers-list');
    const v = await makeVariant('Listed by status');
    const imported = Array.from({ length: 60 }, (_, i) => `AVAIL-${i}`);
    await invoke('adminImportVouchers', { as, body: { variant_id: v.id, codes: imported } });
    // Sold codes in every partition, six to a timestamp, all newer than the imported ones.
    const ids = idsInEveryShard('list-code', 3);
    await putItems(
      db,
      ids.map((id, i) =>
        rawCode(id, i % 4 === 0 ? 'reserved' : 'delivered', `2099-03-01T00:00:0${i % 8}.000Z`),
      ),
    );
    const listed = (query: Record<string, string>) => ({
      type: 'code',
      route: 'adminListVouchers' as const,
      query,
      keep: (c: CodeItem) => !query.status || c.status === query.status,
    });
    await expectListed(db, listed({ status: 'delivered' }), 7);
    await expectListed(db, listed({ status: 'reserved' }), 2);
    await expectListed(db, listed({ status: 'available' }), 40);
    await expectListed(db, listed({}), 50);
    const page = await invoke('adminListVouchers', { as, query: { status: 'delivered', limit: '1' } });
    expect(page.body.items[0]).toMatchObject({ status: 'delivered', code: expect.stringMatching(/^LIST-/) });
    const crossed = await invoke('adminListVouchers', {
      as,
      query: { status: 'reserved', cursor: page.body.cursor },
    });
    expect(crossed.body.error?.code).toBe('invalid_cursor');
  });
});

describe('site content', () => {
  beforeAll(async () => {
    await freshTable('site');
  });

  it('hero slides: validation, CRUD, public list by display order (active only)', async () => {
    const bad = await invoke('adminCreateSlide', { as, body: { title: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      title: 'Title is required',
      image_url: 'Image URL is required',
    });
    const s2 = await invoke('adminCreateSlide', {
      as,
      body: { title: 'Two', image_url: '/seed/slide-2.svg', display_order: 2 },
    });
    expect(s2.status).toBe(201);
    expect(s2.body.message).toBe('Slider created successfully');
    const s1 = await invoke('adminCreateSlide', {
      as,
      body: { title: 'One', image_url: '/seed/slide-1.svg', display_order: 1 },
    });
    const off = await invoke('adminCreateSlide', {
      as,
      body: { title: 'Off', image_url: '/x.svg', is_active: false },
    });
    const upd = await invoke('adminUpdateSlide', {
      as,
      params: { id: s1.body.slide.id },
      body: { title: 'One!', image_url: '/seed/slide-1.svg', display_order: 1 },
    });
    expect(upd.body.slide.title).toBe('One!');
    expect(
      (await invoke('adminUpdateSlide', { as, params: { id: 'nope' }, body: { title: 'x', image_url: 'y' } }))
        .status,
    ).toBe(404);
    expect((await invoke('adminListSlides', { as })).body.items).toHaveLength(3);
    const site = await invoke('getSite');
    expect(site.body.slides.map((s: { title: string }) => s.title)).toEqual(['One!', 'Two']);
    await invoke('adminDeleteSlide', { as, params: { id: off.body.slide.id } });
    expect((await invoke('adminListSlides', { as })).body.items).toHaveLength(2);
  });

  it('announcements: validation, newest active unexpired one is public', async () => {
    const bad = await invoke('adminCreateAnnouncement', { as, body: { title: 'x', expires_at: 'tomorrow' } });
    expect(bad.body.error.fields).toMatchObject({
      message: 'Message is required',
      expires_at: 'Please enter a valid date and time',
    });
    const empty = await invoke('adminCreateAnnouncement', {
      as,
      body: { title: 'Old', message: 'old one', expires_at: '' },
    });
    expect(empty.body.announcement.expires_at).toBeNull();
    await invoke('adminCreateAnnouncement', {
      as,
      body: { title: 'Expired', message: 'm', expires_at: '2020-01-01T00:00:00Z' },
    });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const current = await invoke('adminCreateAnnouncement', {
      as,
      body: { title: 'Eid sale', message: '10% off', expires_at: future },
    });
    await invoke('adminCreateAnnouncement', {
      as,
      body: { title: 'Inactive', message: 'm', is_active: false },
    });
    expect((await invoke('getSite')).body.announcement.title).toBe('Eid sale');
    await invoke('adminUpdateAnnouncement', {
      as,
      params: { id: current.body.announcement.id },
      body: { title: 'Eid sale', message: 'over', is_active: false },
    });
    expect((await invoke('getSite')).body.announcement.title).toBe('Old');
    const list = (await invoke('adminListAnnouncements', { as })).body.items.map(
      (a: { title: string }) => a.title,
    );
    expect(list).toEqual(['Inactive', 'Eid sale', 'Expired', 'Old']);
  });

  it('SEO rows: validation, immutable page path, CRUD', async () => {
    const bad = await invoke('adminCreateSeo', {
      as,
      body: { page_path: '', title: 'x'.repeat(61), description: 'y'.repeat(161) },
    });
    expect(bad.body.error.fields).toMatchObject({
      page_path: 'Page path is required',
      title: 'Title must be at most 60 characters',
      description: 'Description must be at most 160 characters',
    });
    const row = await invoke('adminCreateSeo', {
      as,
      body: { page_path: '/', title: 'Khelaghor', description: 'Top-ups' },
    });
    expect(row.status).toBe(201);
    expect((await invoke('adminCreateSeo', { as, body: { page_path: '/', title: 'again' } })).status).toBe(
      409,
    );
    const upd = await invoke('adminUpdateSeo', {
      as,
      params: { id: row.body.seo.id },
      body: { title: 'New title', page_path: '/hacked' },
    });
    expect(upd.body.seo).toMatchObject({ page_path: '/', title: 'New title' });
    expect((await invoke('getSite')).body.seo).toHaveLength(1);
    expect((await invoke('adminDeleteSeo', { as, params: { id: row.body.seo.id } })).body.message).toBe(
      'SEO settings deleted successfully',
    );
    expect((await invoke('adminListSeo', { as })).body.items).toEqual([]);
  });

  it('site settings: defaults, validation, save, public', async () => {
    expect((await invoke('adminGetSiteSettings', { as })).body.settings.brand_name).toBe('Khelaghor');
    const bad = await invoke('adminPutSiteSettings', {
      as,
      body: { brand_name: '', support_whatsapp: 'abc' },
    });
    expect(bad.body.error.fields).toMatchObject({
      brand_name: 'Brand name is required',
      support_whatsapp: 'Please enter a valid WhatsApp number',
    });
    const saved = await invoke('adminPutSiteSettings', {
      as,
      body: {
        brand_name: 'Khelaghor',
        support_whatsapp: '8801700000000',
        hotline: '09600-000000',
        telegram_url: 'https://t.me/khelaghor',
      },
    });
    expect(saved.status).toBe(200);
    expect((await invoke('getSite')).body.settings).toMatchObject({
      support_whatsapp: '8801700000000',
      telegram_url: 'https://t.me/khelaghor',
      logo_url: null,
    });
  });
});
