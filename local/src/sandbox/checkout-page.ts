import { GATEWAY_METHODS, METHOD_LABELS } from '@khelaghor/contract/facts';
import type { Invoice, WebhookMode } from './invoices';

/** The sandbox checkout page: plain HTML that looks like a payment page and works on a phone. */

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const style = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#eef1f6;color:#1d2433}
.wrap{max-width:420px;margin:0 auto;padding:16px}
.card{background:#fff;border-radius:14px;box-shadow:0 4px 18px rgba(20,30,60,.08);overflow:hidden}
.head{background:#0b6e4f;color:#fff;padding:18px 20px}.head small{opacity:.8;display:block}.head h1{margin:4px 0 0;font-size:20px}
.amount{font-size:32px;font-weight:700;margin:6px 0 0}
.body{padding:18px 20px}.row{display:flex;justify-content:space-between;gap:12px;font-size:14px;padding:6px 0;overflow-wrap:anywhere;border-bottom:1px solid #f0f2f5}
.methods{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin:14px 0}
.methods label{border:2px solid #e1e5ec;border-radius:10px;padding:10px 4px;text-align:center;font-weight:600;cursor:pointer;font-size:14px}
.methods input{display:none}.methods input:checked+span{color:#0b6e4f}.methods label:has(input:checked){border-color:#0b6e4f;background:#f0faf5}
button{width:100%;border:0;border-radius:10px;padding:14px;font-size:16px;font-weight:600;margin-top:10px;cursor:pointer}
.pay{background:#0b6e4f;color:#fff}.cancel{background:#fff;color:#b42318;border:1px solid #f3c1bc}.pending{background:#f4f6fa;color:#444}
details{margin-top:14px;font-size:13px;color:#555}select{width:100%;padding:8px;border-radius:8px;border:1px solid #ccd;margin-top:6px}
.note{font-size:12px;color:#777;text-align:center;margin-top:14px}.badge{display:inline-block;background:#fff3;border-radius:6px;padding:2px 8px;font-size:12px}
.state{padding:22px;text-align:center}.state a{color:#0b6e4f}
`;

function layout(title: string, inner: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${style}</style></head><body><div class="wrap">${inner}</div></body></html>`;
}

export function checkoutPage(inv: Invoice, opts: { merchant: string; defaultWebhook: WebhookMode }): string {
  if (inv.status !== 'CREATED') {
    const back = inv.status === 'ERROR' ? inv.cancel_url : inv.redirect_url;
    return layout(
      'Payment',
      `<div class="card"><div class="state"><h2>Payment ${inv.status === 'ERROR' ? 'cancelled' : inv.status.toLowerCase()}</h2>
<p>Invoice ${esc(inv.invoice_id.slice(0, 12))}…</p><p><a href="${esc(withInvoice(back, inv.invoice_id))}">Return to merchant</a></p></div></div>`,
    );
  }
  const hook = (m: WebhookMode, label: string) =>
    `<option value="${m}"${m === opts.defaultWebhook ? ' selected' : ''}>${label}</option>`;
  return layout(
    `Pay ৳${inv.amount} to ${opts.merchant}`,
    `<div class="card"><div class="head"><small>UddoktaPay <span class="badge">SANDBOX</span></small>
<h1>${esc(opts.merchant)}</h1><div class="amount" data-testid="amount">৳${esc(inv.amount)}</div></div>
<div class="body"><div class="row"><span>Customer</span><span>${esc(inv.full_name)}</span></div>
<div class="row"><span>Email</span><span>${esc(inv.email)}</span></div>
<div class="row"><span>Invoice</span><span>${esc(inv.invoice_id.slice(0, 12))}…</span></div>
<form method="post" action="/payment/${esc(inv.invoice_id)}/action">
<div class="methods">
${GATEWAY_METHODS.map((m, i) => `<label><input type="radio" name="method" value="${m}"${i === 0 ? ' checked' : ''}><span>${METHOD_LABELS[m]}</span></label>`).join('\n')}</div>
<button class="pay" name="action" value="pay" type="submit">Pay ৳${esc(inv.amount)}</button>
<button class="cancel" name="action" value="cancel" type="submit">Cancel</button>
<button class="pending" name="action" value="pending" type="submit">Leave pending</button>
<details><summary>Sandbox settings</summary><label>Webhook to the shop
<select name="webhook">${hook('once', 'Send once')}${hook('twice', 'Send twice')}${hook('never', 'Never send')}</select></label></details>
</form><p class="note">This is a test gateway: no real money moves.</p></div></div>`,
  );
}

export function notFoundPage(): string {
  return layout(
    'Invoice not found',
    '<div class="card"><div class="state"><h2>Invoice not found</h2></div></div>',
  );
}

/** Add `invoice_id` to a URL's query string, keeping any query it already has. */
export function withInvoice(url: string, invoiceId: string): string {
  try {
    const u = new URL(url);
    u.searchParams.set('invoice_id', invoiceId);
    return u.toString();
  } catch {
    return `${url}${url.includes('?') ? '&' : '?'}invoice_id=${encodeURIComponent(invoiceId)}`;
  }
}
