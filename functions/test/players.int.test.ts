import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import { customer, invoke, invokeRaw } from '../../test/invoke';
import type { Db } from '../src/db/client';
import { lookupPlayer, TOO_MANY_LOOKUPS } from '../src/use-cases/players/lookup-player';
import { simulatedProvider } from '../src/clients/player-provider';
import { writePlayerLookup } from '../src/db/players/lookup-config';
import { setClock } from '../src/runtime/clock';

describe('POST /api/players/lookup', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTable('players');
    // The local demo's provider (a fresh table has none: product-kinds.int.test.ts).
    await writePlayerLookup(db, 'simulation', '2026-03-01T10:00:00.000Z');
    // Every burst below falls in one fixed 60 s window that ends 55 s from "now".
    setClock(() => new Date('2026-03-01T10:00:05.000Z'));
  });
  afterAll(() => setClock(undefined));

  it('finds the same made-up player for the same UID', async () => {
    const first = await invoke('lookupPlayer', { body: { player_uid: '123456789' }, sourceIp: '10.0.0.1' });
    const second = await invoke('lookupPlayer', { body: { player_uid: '123456789' }, sourceIp: '10.0.0.1' });
    expect(first.status).toBe(200);
    expect(first.body.player).toMatchObject({ player_uid: '123456789', provider: 'simulation' });
    expect(first.body.player.player_name).toMatch(/\S+/);
    expect(first.body.player.level).toBeGreaterThan(0);
    expect(second.body.player).toEqual(first.body.player);
    const other = await invoke('lookupPlayer', { body: { player_uid: '987654321' }, sourceIp: '10.0.0.1' });
    expect(other.body.player.player_name).not.toBe(first.body.player.player_name);
  });

  it("answers 'Invalid UID' below 5 digits and for non-digits, 'Please enter Player UID' when empty", async () => {
    const short = await invoke('lookupPlayer', { body: { player_uid: '1234' }, sourceIp: '10.0.0.2' });
    expect(short.status).toBe(404);
    expect(short.body.error.message).toBe('Invalid UID');
    const letters = await invoke('lookupPlayer', { body: { player_uid: '12ab5678' }, sourceIp: '10.0.0.2' });
    expect(letters.status).toBe(400);
    expect(letters.body.error.fields.player_uid).toBe('Invalid UID');
    const empty = await invoke('lookupPlayer', { body: { player_uid: '' }, sourceIp: '10.0.0.2' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Please enter Player UID');
  });

  it('allows 15 lookups a minute per source IP, then 429, without affecting other callers', async () => {
    const ip = '10.0.0.3';
    for (let i = 0; i < 15; i++) {
      const res = await invoke('lookupPlayer', { body: { player_uid: `5550000${i}` }, sourceIp: ip });
      expect(res.status).toBe(200);
    }
    const blocked = await invoke('lookupPlayer', { body: { player_uid: '55500099' }, sourceIp: ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      code: 'too_many_requests',
      message: TOO_MANY_LOOKUPS,
      reason: 'too_many_lookups',
    });
    expect(blocked.headers['retry-after']).toBe('55');
    const otherIp = await invoke('lookupPlayer', { body: { player_uid: '55500099' }, sourceIp: '10.0.0.4' });
    expect(otherIp.status).toBe(200);
  });

  it('counts a signed-in caller by user id, whatever the IP', async () => {
    const user = customer(42);
    for (let i = 0; i < 15; i++) {
      const res = await invoke('lookupPlayer', {
        body: { player_uid: '77700001' },
        as: user,
        sourceIp: `10.1.0.${i}`,
      });
      expect(res.status).toBe(200);
    }
    const blocked = await invoke('lookupPlayer', {
      body: { player_uid: '77700001' },
      as: user,
      sourceIp: '10.1.1.1',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('55');
  });

  it('allows 60 lookups a minute per IP across accounts, then 429 with Retry-After for every account there', async () => {
    const ip = '10.2.0.1';
    for (let n = 0; n < 60; n++) {
      const res = await invoke('lookupPlayer', {
        body: { player_uid: '88800001' },
        as: customer(1000 + n),
        sourceIp: ip,
      });
      expect(res.status, `account ${n}`).toBe(200);
    }
    const fresh = customer(2000);
    const blocked = await invoke('lookupPlayer', {
      body: { player_uid: '88800001' },
      as: fresh,
      sourceIp: ip,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      code: 'too_many_requests',
      message: TOO_MANY_LOOKUPS,
      reason: 'too_many_lookups',
    });
    expect(blocked.headers['retry-after']).toBe('55');
    const signedOut = await invoke('lookupPlayer', { body: { player_uid: '88800001' }, sourceIp: ip });
    expect(signedOut.status).toBe(429);
    // The same account from another address is within both of its limits.
    const elsewhere = await invoke('lookupPlayer', {
      body: { player_uid: '88800001' },
      as: fresh,
      sourceIp: '10.2.0.2',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('opens a new window after a minute (fixed window)', async () => {
    let now = new Date('2026-01-01T00:00:05Z');
    const deps = { db, provider: simulatedProvider, now: () => now };
    const input = { playerUid: '12345', sourceIp: 'window-test' };
    for (let i = 0; i < 15; i++) await lookupPlayer(deps, input);
    await expect(lookupPlayer(deps, input)).rejects.toMatchObject({
      code: 'too_many_requests',
      retryAfterSeconds: 55,
    });
    now = new Date('2026-01-01T00:00:59.200Z');
    await expect(lookupPlayer(deps, input)).rejects.toMatchObject({
      code: 'too_many_requests',
      retryAfterSeconds: 1,
    });
    now = new Date('2026-01-01T00:01:00Z');
    await expect(lookupPlayer(deps, input)).resolves.toMatchObject({
      player_uid: '12345',
    });
  });
});

describe('GET /api/sitemap.xml', () => {
  it('lists the home page as XML', async () => {
    await freshTable('sitemap');
    // Through the edge like every call: the sitemap checks the origin-verify value too.
    const res = await invokeRaw('sitemap');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('application/xml');
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).toMatch(/<loc>https?:\/\/[^<]+\/<\/loc>/);
  });
});
