import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer, type MailMessage, type MailServer } from './mail-server';

const dataDir = mkdtempSync(join(tmpdir(), 'mail-server-'));
let mail: MailServer;

beforeAll(async () => {
  mail = await startMailServer({ dataDir });
});
afterAll(async () => {
  await mail?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => mail.clear());

function send(message: { to: string; subject: string; text?: string; html?: string }) {
  const transport = nodemailer.createTransport({ url: mail.smtpUrl } as never);
  return transport
    .sendMail({ from: 'Khelaghor <no-reply@khelaghor.local>', ...message })
    .finally(() => transport.close());
}

async function api<T>(
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(new URL(path, mail.inboxUrl), init);
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
  };
}

describe('the local mail server', () => {
  it('listens on 127.0.0.1 with free ports and tells its URLs', () => {
    expect(mail.smtpPort).toBeGreaterThan(0);
    expect(mail.smtpUrl).toBe(`smtp://127.0.0.1:${mail.smtpPort}`);
    expect(mail.inboxUrl).toMatch(/^http:\/\/localhost:\d+$/);
  });

  it('keeps what nodemailer sends and answers it through the JSON API, newest first, filtered by recipient', async () => {
    await send({ to: 'Rahim@Example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await send({ to: 'karim@example.com', subject: 'Second', text: 'two' });
    await send({ to: 'rahim@example.com', subject: 'Third', text: 'three' });

    const all = await api<MailMessage[]>('/api/messages');
    expect(all.status).toBe(200);
    expect(all.body.map((m) => m.subject)).toEqual(['Third', 'Second', 'First']);
    const first = all.body[2]!;
    expect(first).toMatchObject({
      from: '"Khelaghor" <no-reply@khelaghor.local>',
      to: ['rahim@example.com'],
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
    });
    expect(Date.parse(first.receivedAt)).not.toBeNaN();
    expect(all.body[1]!.html).toBeUndefined();

    const rahim = await api<MailMessage[]>('/api/messages?to=RAHIM%40example.com');
    expect(rahim.body.map((m) => m.subject)).toEqual(['Third', 'First']);
    expect(mail.messages({ to: 'karim@example.com' }).map((m) => m.subject)).toEqual(['Second']);

    const one = await api<MailMessage>(`/api/messages/${first.id}`);
    expect(one.body).toEqual(first);
    expect((await api('/api/messages/nope')).status).toBe(404);
  });

  it('waitFor resolves with a message that arrives later, and rejects clearly on timeout', async () => {
    const waiting = mail.waitFor((m) => m.to.includes('late@example.com'));
    await send({ to: 'late@example.com', subject: 'Your code', text: '123456' });
    expect((await waiting).subject).toBe('Your code');
    // Already there: at once.
    expect((await mail.waitFor((m) => m.subject === 'Your code', 50)).text).toBe('123456');
    await expect(mail.waitFor((m) => m.to.includes('nobody@example.com'), 100)).rejects.toThrow(
      /No mail matched within 0.1 s \(1 in the inbox, newest: "Your code" to late@example\.com\)/,
    );
  });

  it('failNext refuses the next message with a 451 (nodemailer rejects), then delivers again', async () => {
    mail.failNext(1);
    await expect(send({ to: 'a@example.com', subject: 'Refused', text: 'x' })).rejects.toMatchObject({
      responseCode: 451,
    });
    await send({ to: 'a@example.com', subject: 'Delivered', text: 'y' });
    expect(mail.messages().map((m) => m.subject)).toEqual(['Delivered']);

    const set = await api<{ failNext: number }>('/api/fail-next', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2 }),
    });
    expect(set.body).toEqual({ failNext: 2 });
    await expect(send({ to: 'a@example.com', subject: 'R1', text: 'x' })).rejects.toMatchObject({
      responseCode: 451,
    });
    await expect(send({ to: 'a@example.com', subject: 'R2', text: 'x' })).rejects.toMatchObject({
      responseCode: 451,
    });
    await send({ to: 'a@example.com', subject: 'OK', text: 'x' });
    expect(mail.messages().map((m) => m.subject)).toEqual(['OK', 'Delivered']);

    expect(
      (
        await api('/api/fail-next', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"count":-1}',
        })
      ).status,
    ).toBe(400);
    expect((await api('/api/fail-next', { method: 'POST', body: '{"count":1}' })).status).toBe(415);
  });

  it('DELETE /api/messages empties the inbox', async () => {
    await send({ to: 'a@example.com', subject: 'Gone soon', text: 'x' });
    expect((await api('/api/messages', { method: 'DELETE' })).status).toBe(204);
    expect((await api<MailMessage[]>('/api/messages')).body).toEqual([]);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('keeps messages in dataDir across a restart', async () => {
    await send({ to: 'kept@example.com', subject: 'Kept', text: 'x' });
    const [kept] = mail.messages();
    expect(existsSync(join(dataDir, `${kept!.id}.json`))).toBe(true);
    await mail.stop();
    mail = await startMailServer({ dataDir });
    expect(mail.messages()).toEqual([kept]);
  });

  it('escapes every value in the inbox and message pages; the HTML body is sandboxed without scripts', async () => {
    await send({
      to: 'x@example.com',
      subject: '<script>alert(1)</script> & "quotes"',
      text: '<b>text</b>',
      html: '<p>Hi</p><script>alert(2)</script><img src=x onerror="alert(3)">',
    });
    const [m] = mail.messages();
    const inbox = await api<string>('/?to=%22%3E%3Cscript%3E');
    expect(inbox.headers.get('content-type')).toContain('text/html');
    expect(inbox.body).not.toContain('"><script>');
    const all = await api<string>('/');
    expect(all.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;');
    expect(all.body).not.toContain('<script>alert(1)');
    expect(all.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/);

    const page = await api<string>(`/messages/${m!.id}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toMatch(
      /<iframe [^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*srcdoc="/,
    );
    expect(page.body).not.toMatch(/sandbox="[^"]*allow-scripts/);
    expect(page.body).toContain('&#60;b&#62;text&#60;/b&#62;');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).not.toContain('script-src');
    expect((await api(`/messages/unknown`)).status).toBe(404);
  });
});
