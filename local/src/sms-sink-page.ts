import { escapeHtml, type Page } from './mail-inbox-page';
import type { SmsRecord } from './sms-sink';

/**
 * The SMS sink's web page: every SMS the local shop sent, newest first, the whole text of each
 * (an SMS is short), its number, its length and encoding, with a filter by number. Plain HTML, no
 * script: the page reloads itself every few seconds (meta refresh). Every value is escaped.
 */
const STYLE = `
  :root { color-scheme: light; --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --brand: #7c3aed; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Bengali", sans-serif; color: var(--ink); background: #f8fafc; }
  main { max-width: 720px; margin: 0 auto; padding: 16px; }
  header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 8px; margin-bottom: 12px; }
  h1 { font-size: 1.35rem; margin: 0; }
  .muted { color: var(--muted); font-size: .875rem; }
  form.filter { display: flex; gap: 8px; margin-bottom: 12px; }
  form.filter input { flex: 1; min-width: 0; padding: 8px 10px; border: 1px solid var(--line); border-radius: 8px; font: inherit; }
  button, .button { padding: 8px 14px; border: 0; border-radius: 8px; background: var(--brand); color: #fff; font: inherit; cursor: pointer; text-decoration: none; }
  ul.list { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
  ul.list li { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 12px 14px; }
  .meta { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 12px; color: var(--muted); font-size: .875rem; }
  .to { font-weight: 600; color: var(--ink); }
  .text { margin: 6px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .empty { padding: 24px; text-align: center; color: var(--muted); background: #fff; border: 1px dashed var(--line); border-radius: 12px; }
`;

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB');
};

/** GSM-7 when every character is ASCII (a close enough reading for this page), UCS-2 otherwise. */
const encodingOf = (text: string) => (/^[\x20-\x7e\n\r]*$/.test(text) ? 'GSM-7' : 'UCS-2');

function row(m: SmsRecord): string {
  return `<li data-id="${escapeHtml(m.id)}">
<div class="meta"><span class="to">${escapeHtml(m.to)}</span><span>${escapeHtml(when(m.receivedAt))}</span></div>
<p class="text" lang="${encodingOf(m.text) === 'GSM-7' ? 'en' : 'bn'}">${escapeHtml(m.text)}</p>
<div class="meta"><span>${m.text.length} characters, ${encodingOf(m.text)}</span><span>from ${escapeHtml(m.sid)} · csms_id ${escapeHtml(m.csmsId)}</span></div>
</li>`;
}

export function smsSinkPage(messages: SmsRecord[], to: string): Page {
  const content = `<header>
<h1>Khelaghor SMS</h1>
<span class="muted">${messages.length} ${messages.length === 1 ? 'SMS' : 'SMS messages'}</span>
</header>
<p class="muted">Every SMS the local shop sends to buyers (phone codes, orders, payments, refunds, top-ups), as the SMS provider would have received it. Refreshes by itself.</p>
<form class="filter" method="get" action="/" role="search">
<input name="to" type="tel" inputmode="numeric" placeholder="Filter by number, e.g. 01712345678" value="${escapeHtml(to)}" aria-label="Filter by number">
<button type="submit">Filter</button>
${to ? '<a class="button" href="/">All</a>' : ''}
</form>
${
  messages.length > 0
    ? `<ul class="list">${messages.map(row).join('')}</ul>`
    : '<p class="empty">No SMS yet. Add and verify a phone number in My Profile, turn SMS on, and the shop\'s SMS show here.</p>'
}`;
  return {
    body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="4">
<title>${escapeHtml(to ? `SMS to ${to}` : 'Khelaghor SMS')}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>`,
    csp: "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  };
}
