import { randomBytes } from 'node:crypto';
import type { MailMessage } from './mail-server';

/**
 * The local mail server's web pages (plain HTML, no framework): the inbox, newest first with a
 * filter by recipient and a refresh every few seconds, and one message with its HTML body in a
 * sandboxed iframe (no scripts: the sandbox and the page's policy both forbid them) and its text.
 * Every value is escaped; the list is refreshed with textContent, never innerHTML.
 */
export interface Page {
  body: string;
  csp: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Local time of this machine (the browser that reads the inbox runs here too). */
function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB');
}

const STYLE = `
  :root { color-scheme: light; --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --brand: #7c3aed; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f8fafc; }
  main { max-width: 860px; margin: 0 auto; padding: 16px; }
  header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; margin-bottom: 12px; }
  h1 { font-size: 1.35rem; margin: 0; }
  .muted { color: var(--muted); font-size: .875rem; }
  form.filter { display: flex; gap: 8px; margin-bottom: 12px; }
  form.filter input { flex: 1; min-width: 0; padding: 8px 10px; border: 1px solid var(--line); border-radius: 8px; font: inherit; }
  button, .button { padding: 8px 14px; border: 0; border-radius: 8px; background: var(--brand); color: #fff; font: inherit; cursor: pointer; text-decoration: none; }
  ul.list { list-style: none; margin: 0; padding: 0; background: #fff; border: 1px solid var(--line); border-radius: 12px; overflow: hidden; }
  ul.list li + li { border-top: 1px solid var(--line); }
  ul.list a { display: grid; grid-template-columns: 1fr auto; gap: 2px 12px; padding: 12px 14px; color: inherit; text-decoration: none; }
  ul.list a:hover, ul.list a:focus { background: #f5f3ff; outline: none; }
  .subject { font-weight: 600; grid-column: 1 / -1; overflow-wrap: anywhere; }
  .to { color: var(--muted); overflow-wrap: anywhere; }
  .time { color: var(--muted); white-space: nowrap; font-size: .875rem; }
  .empty { padding: 24px; text-align: center; color: var(--muted); background: #fff; border: 1px dashed var(--line); border-radius: 12px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 12px 0 16px; }
  dt { color: var(--muted); }
  dd { margin: 0; overflow-wrap: anywhere; }
  iframe { width: 100%; height: 60vh; min-height: 320px; border: 1px solid var(--line); border-radius: 12px; background: #fff; resize: vertical; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 12px; font-size: .875rem; }
  h2 { font-size: 1rem; margin: 20px 0 8px; }
  a.back { display: inline-block; margin-bottom: 8px; color: var(--brand); }
  @media (max-width: 520px) { ul.list a { grid-template-columns: 1fr; } }
`;

function shell(title: string, content: string, nonce?: string, script?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
${script && nonce ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`;
}

function row(m: MailMessage): string {
  return `<li><a href="/messages/${encodeURIComponent(m.id)}">
<span class="subject">${escapeHtml(m.subject || '(no subject)')}</span>
<span class="to">to ${escapeHtml(m.to.join(', '))}</span>
<span class="time">${escapeHtml(when(m.receivedAt))}</span>
</a></li>`;
}

function list(messages: MailMessage[]): string {
  return messages.length > 0
    ? `<ul class="list" id="list">${messages.map(row).join('')}</ul>`
    : `<ul class="list" id="list" hidden></ul><p class="empty" id="empty">No mail yet. Sign up or ask for a password reset in the shop, and the message shows here.</p>`;
}

/**
 * Refreshes the list every 4 s from the JSON API (same filter). Built with DOM calls and
 * textContent only, so a subject or address can never become markup.
 */
const REFRESH_SCRIPT = `
(() => {
  const to = new URLSearchParams(location.search).get('to') || '';
  let shown = Array.from(document.querySelectorAll('#list a')).map((a) => a.getAttribute('href')).join();
  const span = (cls, text) => { const s = document.createElement('span'); s.className = cls; s.textContent = text; return s; };
  async function tick() {
    try {
      const res = await fetch('/api/messages' + (to ? '?to=' + encodeURIComponent(to) : ''), { cache: 'no-store' });
      if (!res.ok) return;
      const messages = await res.json();
      const hrefs = messages.map((m) => '/messages/' + encodeURIComponent(m.id)).join();
      if (hrefs === shown) return;
      shown = hrefs;
      const list = document.getElementById('list');
      const empty = document.getElementById('empty');
      list.replaceChildren(...messages.map((m) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = '/messages/' + encodeURIComponent(m.id);
        a.append(span('subject', m.subject || '(no subject)'), span('to', 'to ' + m.to.join(', ')),
          span('time', new Date(m.receivedAt).toLocaleString('en-GB')));
        li.append(a);
        return li;
      }));
      list.hidden = messages.length === 0;
      if (empty) empty.hidden = messages.length > 0;
      document.getElementById('count').textContent = messages.length + (messages.length === 1 ? ' message' : ' messages');
    } catch { /* the stack is restarting: try again on the next tick */ }
  }
  setInterval(tick, 4000);
})();
`;

export function inboxPage(messages: MailMessage[], to: string): Page {
  const nonce = randomBytes(16).toString('base64');
  const content = `<header>
<h1>Khelaghor mail</h1>
<span class="muted" id="count">${messages.length} ${messages.length === 1 ? 'message' : 'messages'}</span>
</header>
<p class="muted">Every message the local shop sends (sign-up and password codes, order mail). Refreshes by itself.</p>
<form class="filter" method="get" action="/" role="search">
<input id="to" name="to" type="email" placeholder="Filter by recipient, e.g. player@example.com" value="${escapeHtml(to)}" aria-label="Filter by recipient">
<button type="submit">Filter</button>
${to ? '<a class="button" href="/">All</a>' : ''}
</form>
${list(messages)}`;
  return {
    body: shell(to ? `Mail to ${to}` : 'Khelaghor mail', content, nonce, REFRESH_SCRIPT),
    csp: `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  };
}

/** The HTML body as the iframe's document: links open outside, and its own policy forbids scripts too. */
function mailDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'"><base target="_blank"></head><body>${html}</body></html>`;
}

export function messagePage(m: MailMessage): Page {
  const content = `<a class="back" href="/">&larr; Inbox</a>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<dl>
<dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd>
<dt>Time</dt><dd><time datetime="${escapeHtml(m.receivedAt)}">${escapeHtml(when(m.receivedAt))}</time></dd>
</dl>
${
  m.html
    ? `<iframe title="Message body" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(mailDocument(m.html))}"></iframe>`
    : ''
}
<h2>Text version</h2>
<pre>${escapeHtml(m.text || '(no text part)')}</pre>`;
  return {
    body: shell(m.subject || 'Message', content),
    // The srcdoc document inherits this policy as well: no script runs in the page or the mail.
    csp: "default-src 'none'; style-src 'unsafe-inline'; img-src data: https: http:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  };
}

export function notFoundPage(): Page {
  return {
    body: shell(
      'Not found',
      '<a class="back" href="/">&larr; Inbox</a><h1>Not found</h1><p class="muted">That message is gone (the inbox keeps the newest 500, and npm run reset wipes it).</p>',
    ),
    csp: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  };
}
