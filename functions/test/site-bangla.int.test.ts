import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { keys } from '../src/db/keys';
import { freshTable } from '../../test/db';
import { admin, invoke } from '../../test/invoke';

/**
 * The admin's Bangla slide and announcement texts (issue 17), like products' name_bn: stored on the
 * items, carried by GET /api/site; empty means none (null), and items stored before the fields read null.
 */
let db: Db;
beforeAll(async () => {
  db = await freshTable('site-bangla');
});

const SLIDE = {
  title: 'Free Fire Diamonds',
  subtitle: 'Instant top-up in seconds',
  title_bn: ' ফ্রি ফায়ার ডায়মন্ড ',
  subtitle_bn: 'সেকেন্ডেই টপ-আপ',
  image_url: '/seed/slide-1.svg',
  display_order: 1,
};
const ANNOUNCEMENT = {
  title: 'Welcome to Khelaghor!',
  message: 'Codes arrive in seconds.',
  title_bn: 'খেলাঘরে স্বাগতম!',
  message_bn: ' কোড আসে কয়েক সেকেন্ডেই। ',
};

describe('Bangla slide and announcement texts', () => {
  let slideId: string;
  let announcementId: string;

  it('a slide created with Bangla texts shows them, trimmed, in the admin list and GET /api/site', async () => {
    const created = await invoke('adminCreateSlide', { as: admin, body: SLIDE });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    slideId = created.body.slide.id;
    const bangla = { title_bn: 'ফ্রি ফায়ার ডায়মন্ড', subtitle_bn: 'সেকেন্ডেই টপ-আপ' };
    expect(created.body.slide).toMatchObject({ title: SLIDE.title, ...bangla });
    const listed = await invoke('adminListSlides', { as: admin });
    expect(listed.body.items.find((s: { id: string }) => s.id === slideId)).toMatchObject(bangla);
    const site = await invoke('getSite');
    expect(site.body.slides.find((s: { id: string }) => s.id === slideId)).toMatchObject(bangla);
  });

  it('an announcement created with Bangla texts is public with them', async () => {
    const created = await invoke('adminCreateAnnouncement', { as: admin, body: ANNOUNCEMENT });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    announcementId = created.body.announcement.id;
    const site = await invoke('getSite');
    expect(site.body.announcement).toMatchObject({
      id: announcementId,
      title: ANNOUNCEMENT.title,
      title_bn: 'খেলাঘরে স্বাগতম!',
      message_bn: 'কোড আসে কয়েক সেকেন্ডেই।',
    });
  });

  it('an update changes them; an empty or missing Bangla field clears it', async () => {
    const slide = await invoke('adminUpdateSlide', {
      as: admin,
      params: { id: slideId },
      body: { ...SLIDE, title_bn: 'ডায়মন্ড অফার', subtitle_bn: '  ' },
    });
    expect(slide.status).toBe(200);
    expect(slide.body.slide).toMatchObject({ title_bn: 'ডায়মন্ড অফার', subtitle_bn: null });
    const ann = await invoke('adminUpdateAnnouncement', {
      as: admin,
      params: { id: announcementId },
      body: { title: ANNOUNCEMENT.title, message: ANNOUNCEMENT.message, title_bn: '' },
    });
    expect(ann.status).toBe(200);
    expect(ann.body.announcement).toMatchObject({ title_bn: null, message_bn: null });
    const site = await invoke('getSite');
    expect(site.body.slides.find((s: { id: string }) => s.id === slideId)).toMatchObject({
      title_bn: 'ডায়মন্ড অফার',
      subtitle_bn: null,
    });
    expect(site.body.announcement).toMatchObject({ title_bn: null, message_bn: null });
  });

  it('a slide and an announcement stored before the Bangla fields read them as null', async () => {
    const at = '2099-01-01T00:00:00.000Z';
    const slide = { type: 'slide', id: 'old-slide', title: 'Old', subtitle: null, image_url: '/x.svg' };
    const ann = { type: 'announcement', id: 'old-ann', title: 'Old news', message: 'Hi', expires_at: null };
    for (const [key, item] of [
      [keys.slide('old-slide'), { ...slide, link_url: null, display_order: 0 }],
      [keys.announcement('old-ann'), ann],
    ] as const) {
      await db.doc.send(
        new PutCommand({
          TableName: db.table,
          Item: { ...key, ...item, is_active: true, created_at: at, updated_at: at },
        }),
      );
    }
    const site = await invoke('getSite');
    expect(site.body.slides.find((s: { id: string }) => s.id === 'old-slide')).toMatchObject({
      title: 'Old',
      title_bn: null,
      subtitle_bn: null,
    });
    // The newest (created_at in 2099) is the public one.
    expect(site.body.announcement).toMatchObject({ id: 'old-ann', title_bn: null, message_bn: null });
  });

  it('refuses Bangla texts over the English limits (400)', async () => {
    const long = await invoke('adminCreateSlide', {
      as: admin,
      body: { ...SLIDE, title_bn: 'ক'.repeat(121) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.title_bn).toBe('Must be at most 120 characters');
    const longMessage = await invoke('adminCreateAnnouncement', {
      as: admin,
      body: { ...ANNOUNCEMENT, message_bn: 'ক'.repeat(2001) },
    });
    expect(longMessage.status).toBe(400);
    expect(longMessage.body.error.fields.message_bn).toBe('Must be at most 2000 characters');
  });
});
