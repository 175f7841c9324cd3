import type { ReceivedCall } from './callback-receiver';
import { escapeHtml, type Page } from './mail-inbox-page';

/**
 * The callback receiver's one page: every call newest first, its verdict ('signature ok' or 'BAD
 * signature' with the reason), what was answered, and its headers and body. Server-rendered and
 * reloaded every 5 s; no scripts (the policy forbids them), every value escaped.
 */

const STYLE = `
  :root { color-scheme: light; --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f8fafc; }
  main { max-width: 900px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 1.35rem; margin: 0 0 4px; }
  .muted { color: var(--muted); font-size: .875rem; }
  ul { list-style: none; margin: 12px 0 0; padding: 0; }
  li { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 10px 14px; margin-bottom: 8px; }
  .head { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: baseline; }
  .badge { font-weight: 600; font-size: .8rem; padding: 1px 8px; border-radius: 999px; }
  .ok { background: #dcfce7; color: #166534; }
  .bad { background: #fee2e2; color: #991b1b; }
  .answer { background: #e0e7ff; color: #3730a3; }
  code, pre { font-size: .85rem; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; background: #f8fafc; border: 1px solid var(--line); border-radius: 8px; padding: 8px; }
  .empty { padding: 24px; text-align: center; color: var(--muted); background: #fff; border: 1px dashed var(--line); border-radius: 12px; }
`;

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function row(c: ReceivedCall): string {
  const verdict =
    c.signature === 'ok'
      ? '<span class="badge ok">signature ok</span>'
      : `<span class="badge bad">BAD signature</span> <span class="muted">${escapeHtml(c.problem ?? '')}</span>`;
  return `<li>
<div class="head"><strong>${escapeHtml(c.event ?? 'POST')}</strong> ${verdict}
<span class="badge answer">answered ${c.answered}</span>
<span class="muted">${escapeHtml(new Date(c.receivedAt).toLocaleString('en-GB'))}</span></div>
<div class="muted">POST <code>${escapeHtml(c.path)}</code> key <code>${escapeHtml(c.keyId ?? '-')}</code> callback <code>${escapeHtml(c.callbackId ?? '-')}</code></div>
<details><summary>headers and body</summary>
<pre>${escapeHtml(
    Object.entries(c.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  )}</pre>
<pre>${escapeHtml(pretty(c.body))}</pre></details>
</li>`;
}

export function receiverPage(calls: ReceivedCall[], failing: number): Page {
  const list = calls.length
    ? `<ul>${calls.map(row).join('')}</ul>`
    : '<p class="empty">No callbacks yet. Set your callback URL to this address, place an order with the reseller API, and it shows here.</p>';
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5">
<title>Khelaghor callback receiver</title>
<style>${STYLE}</style>
</head>
<body><main>
<h1>Callback receiver</h1>
<p class="muted">${calls.length} call${calls.length === 1 ? '' : 's'}, newest first. Any POST here is taken as a reseller callback and its signature checked with the key's secret.${failing ? ` The next ${failing} will be answered 500 (failNext).` : ''} JSON: <code>GET /_/calls</code>; fault injection: <code>POST /_/fail-next?count=N</code>.</p>
${list}
</main></body>
</html>`;
  return { body, csp: "default-src 'none'; style-src 'unsafe-inline'" };
}
