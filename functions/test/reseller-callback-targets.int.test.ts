import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostCallback } from '../src/clients/callback-http';
import { setLookupHost } from '../src/clients/host-lookup';
import { getCallback } from '../src/db/resellers/callback-items';
import type { Db } from '../src/db/client';
import { setCallbackUrl } from '../src/db/resellers/reseller-item';
import { setClock } from '../src/runtime/clock';
import { resetConfig } from '../src/runtime/config';
import { checkCallbackUrl, loopbackAllowed, targetDeps } from '../src/use-cases/resellers/callback-target';
import { deliverCallback, type CallbackDeps } from '../src/use-cases/resellers/deliver-callback';
import { callbackDeps } from '../src/use-cases/resellers/callback-deps';
import { freshTable } from '../../test/db';
import { admin, customer, invoke } from '../../test/invoke';
import { ACCEPTED_URLS, REFUSED_URLS, TEST_NAMES, testLookup } from './callback-target-table';
import { makeResellerAccount, pendingCallback } from './callback-target-fixtures';

/**
 * Callbacks go to public addresses only: every URL of the table is refused when saved (through
 * the handler) and again when sent (the deliver use-case, with a URL that got into the table
 * some other way: saved before the check, or a name whose DNS changed since), and no POST is made.
 * Names resolve through a test resolver (no DNS here); the local-only allowance is off unless a
 * test turns it on.
 */
let db: Db;
const reseller = customer(281);
const lookup = testLookup({ ...TEST_NAMES });
const savedEnv = { ...process.env };

function setEnv(env: { CALLBACK_LOOPBACK?: string; NODE_ENV?: string }) {
  for (const name of ['CALLBACK_LOOPBACK', 'NODE_ENV'] as const) {
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
  resetConfig();
}

const save = (url: string | null) =>
  invoke('resellerPutCallbackUrl', { as: reseller, body: { callback_url: url } });

beforeAll(async () => {
  db = await freshTable('cbtarget');
  await makeResellerAccount(db, reseller);
  setLookupHost(lookup);
});
afterEach(() => {
  setClock(undefined);
  setEnv({ CALLBACK_LOOPBACK: undefined, NODE_ENV: savedEnv.NODE_ENV });
  lookup.answers = { ...TEST_NAMES };
});
afterAll(() => {
  setLookupHost(undefined);
  setEnv({ CALLBACK_LOOPBACK: savedEnv.CALLBACK_LOOPBACK, NODE_ENV: savedEnv.NODE_ENV });
});

describe('saving a callback URL', () => {
  it.each(REFUSED_URLS)('refuses %s (%s) with 400', async (url) => {
    setEnv({ CALLBACK_LOOPBACK: undefined, NODE_ENV: savedEnv.NODE_ENV });
    const res = await save(url);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.fields.callback_url).toMatch(/public internet address|https:\/\//);
    expect((await invoke('resellerGetAccount', { as: reseller })).body.callback_url).not.toBe(url);
  });

  it.each(ACCEPTED_URLS)('takes %s (%s)', async (url) => {
    const res = await save(url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await invoke('resellerGetAccount', { as: reseller })).body.callback_url).toBe(url);
  });

  it('refuses a name that does not resolve, in the reseller’s language', async () => {
    const res = await save('https://nowhere.reseller.test/cb');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      message: "The callback URL's host name could not be found",
      reason: 'callback_url_unresolved',
    });
    const refused = await save('https://10.0.0.1/cb');
    expect(refused.body.error.reason).toBe('callback_url_not_public');
  });

  it('the local-only allowance takes this machine (http too) and nothing else that is internal', async () => {
    setEnv({ CALLBACK_LOOPBACK: 'allow' });
    for (const url of ['http://localhost:3300/cb', 'http://127.0.0.1:3300/cb', 'https://[::1]/cb']) {
      expect((await save(url)).status, url).toBe(200);
    }
    const loopback = (u: string) => /localhost|127\.|::1\]|::\]|2130706433|0x7f|0177|loopback/.test(u);
    for (const [url] of REFUSED_URLS.filter(([u]) => !loopback(u))) {
      expect((await save(url)).status, url).toBe(400);
    }
    // Plain http only to this machine, even with the allowance.
    expect((await save('http://shop.reseller.test/cb')).body.error?.reason).toBe('callback_url_https');
  });

  it('production refuses loopback even with the allowance set (the save and the send rules)', async () => {
    setEnv({ CALLBACK_LOOPBACK: 'allow', NODE_ENV: 'production' });
    // What the handler and the sender are built with. (The handler itself cannot run here in
    // production mode: it wants the origin-verify secret from Secrets Manager.)
    expect(targetDeps().loopbackAllowed).toBe(false);
    expect(callbackDeps().target.loopbackAllowed).toBe(false);
    for (const url of ['http://localhost:3300/cb', 'https://127.0.0.1/cb', 'https://[::1]/cb']) {
      const check = await checkCallbackUrl(url, { ...targetDeps(), lookup });
      expect(check.ok, url).toBe(false);
    }
    setEnv({ CALLBACK_LOOPBACK: 'allow', NODE_ENV: 'test' });
    expect(targetDeps().loopbackAllowed).toBe(true);
    expect(loopbackAllowed({ CALLBACK_LOOPBACK: 'allow', NODE_ENV: 'production' })).toBe(false);
    expect(loopbackAllowed({ CALLBACK_LOOPBACK: undefined, NODE_ENV: 'test' })).toBe(false);
  });
});

describe('sending a callback', () => {
  /** The Lambda's dependencies with the test resolver and a sender that records what it is asked. */
  function sendDeps(loopback = false) {
    const post = vi.fn<PostCallback>(async () => ({ status_code: 200, error: null, duration_ms: 1 }));
    const deps: CallbackDeps = {
      ...callbackDeps(),
      db,
      post,
      target: { lookup, loopbackAllowed: loopback },
    };
    return { deps, post };
  }

  it.each(REFUSED_URLS)('makes no POST to %s (%s): a failed attempt, retried later', async (url) => {
    // Written straight to the table: as if saved before the check existed.
    await setCallbackUrl(db, reseller.userId, url, new Date().toISOString());
    const id = await pendingCallback(db, reseller);
    const { deps, post } = sendDeps();
    expect(await deliverCallback(deps, id)).toBe('retry');
    expect(post).not.toHaveBeenCalled();
    const after = (await getCallback(db, id))!;
    expect(after).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect(after.attempts).toEqual([
      expect.objectContaining({ status_code: null, error: expect.stringMatching(/public internet|https/) }),
    ]);
  });

  it.each(ACCEPTED_URLS)('POSTs to %s (%s), connecting to the address it checked', async (url) => {
    await setCallbackUrl(db, reseller.userId, url, new Date().toISOString());
    const id = await pendingCallback(db, reseller);
    const { deps, post } = sendDeps();
    expect(await deliverCallback(deps, id)).toBe('delivered');
    expect(post).toHaveBeenCalledTimes(1);
    const [target] = post.mock.calls[0]!;
    expect(target.url.href).toBe(new URL(url).href);
    const check = await checkCallbackUrl(url, { lookup, loopbackAllowed: false });
    expect(check.ok && check.target.addresses).toEqual(target.addresses);
    expect(target.addresses.map((a) => a.address)).toEqual(
      TEST_NAMES[target.url.hostname] ?? [target.url.hostname.replace(/^\[|\]$/g, '')],
    );
  });

  it('a name saved while public and moved to an internal address since is refused at send', async () => {
    lookup.answers['rebind.reseller.test'] = ['93.184.216.34'];
    expect((await save('https://rebind.reseller.test/cb')).status).toBe(200);
    lookup.answers['rebind.reseller.test'] = ['169.254.169.254'];
    const id = await pendingCallback(db, reseller);
    const { deps, post } = sendDeps();
    expect(await deliverCallback(deps, id)).toBe('retry');
    expect(post).not.toHaveBeenCalled();
  });

  it("a name that no longer resolves: 'Could not connect', no POST", async () => {
    await setCallbackUrl(db, reseller.userId, 'https://gone.reseller.test/cb', new Date().toISOString());
    lookup.answers['gone.reseller.test'] = [];
    const failing = Object.assign(async () => Promise.reject(new Error('SERVFAIL')), { answers: {} });
    const id = await pendingCallback(db, reseller);
    const { deps, post } = sendDeps();
    deps.target = { lookup: failing, loopbackAllowed: false };
    expect(await deliverCallback(deps, id)).toBe('retry');
    expect(post).not.toHaveBeenCalled();
    expect((await getCallback(db, id))!.attempts[0]).toMatchObject({ error: 'Could not connect' });
  });
});

describe("'send again'", () => {
  it('is limited per reseller: the 11th in a minute is 429 with Retry-After; others and the admin go on', async () => {
    const other = customer(282);
    await makeResellerAccount(db, other);
    // 20 s into a minute's window: ten go through (404: no such callback, still counted), then 429.
    setClock(() => new Date('2026-11-27T08:00:20Z'));
    const resend = (as: typeof reseller) => invoke('resellerResendCallback', { as, params: { id: 'none' } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await resend(reseller)).status);
    expect(statuses).toEqual(Array(10).fill(404));
    const limited = await resend(reseller);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({
      reason: 'callback_resend_limited',
      message: 'Too many send-again requests. Please wait a minute and try again.',
    });
    expect(limited.headers['retry-after']).toBe('40');
    expect((await resend(other)).status).toBe(404);
    expect((await invoke('adminResendResellerCallback', { as: admin, params: { id: 'none' } })).status).toBe(
      404,
    );
    // The next window lets them through again.
    setClock(() => new Date('2026-11-27T08:01:00Z'));
    expect((await resend(reseller)).status).toBe(404);
  });
});
