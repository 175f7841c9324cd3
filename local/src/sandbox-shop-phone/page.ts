/**
 * The shop phone page: pick a receiving phone, a wording, an amount, a TrxID and the payer's
 * number, and send the SMS to the shop as the phone's forwarder would. Plain HTML and a little
 * script over the page's own JSON (GET /state, POST /send: the same calls a test makes).
 */

const style = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#eef1f6;color:#1d2433}
.wrap{max-width:560px;margin:0 auto;padding:16px}h1{font-size:20px;margin:8px 0}p.lead{color:#555;font-size:14px;margin:0 0 12px}
.card{background:#fff;border-radius:14px;box-shadow:0 4px 18px rgba(20,30,60,.08);padding:16px;margin-bottom:14px}
label{display:block;font-size:13px;font-weight:600;margin:10px 0 4px}input,select,textarea{width:100%;padding:9px;border-radius:8px;border:1px solid #ccd;font:inherit}
.row{display:grid;grid-template-columns:1fr 1fr;gap:10px}button{border:0;border-radius:10px;padding:12px 16px;font-size:15px;font-weight:600;cursor:pointer;background:#0b6e4f;color:#fff;margin-top:14px;width:100%}
.log{font-size:13px}.log li{border-bottom:1px solid #f0f2f5;padding:8px 0;list-style:none}.log pre{white-space:pre-wrap;background:#f7f8fb;border-radius:8px;padding:8px;margin:6px 0}
.ok{color:#0b6e4f;font-weight:600}.bad{color:#b42318;font-weight:600}.muted{color:#777;font-size:12px}ul{padding:0;margin:0}
`;

const script = `
const $ = (id) => document.getElementById(id);
let state;
const taka = (p) => (p / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
function fillWordings() {
  const phone = state.phones[$('phone').value];
  $('wording').innerHTML = state.wordings.filter((w) => w.provider === phone.provider)
    .map((w) => '<option value="' + w.id + '">' + w.label + '</option>').join('');
  $('balance').textContent = 'Balance on this account: Tk ' + taka(phone.balance_poisha);
}
async function load() {
  state = await (await fetch('/state')).json();
  $('phone').innerHTML = state.phones.map((p, i) =>
    '<option value="' + i + '">' + p.provider + ' ' + p.number + '</option>').join('');
  if (!state.phones.length) $('balance').textContent = 'No receiving phones: seed the local stack (npm start).';
  else fillWordings();
  $('intake').textContent = state.intake;
}
async function send(event) {
  event.preventDefault();
  const phone = state.phones[$('phone').value];
  const body = { number: phone.number, provider: phone.provider, wording: $('wording').value,
    amount: $('amount').value, trx_id: $('trx').value || undefined, sender_number: $('from').value || undefined,
    ref: $('ref').value || undefined };
  const res = await fetch('/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const out = await res.json();
  const li = document.createElement('li');
  if (!res.ok) li.innerHTML = '<span class="bad">' + out.error + '</span>';
  else {
    const good = out.status >= 200 && out.status < 300;
    li.innerHTML = '<span class="' + (good ? 'ok' : 'bad') + '">Shop answered ' + out.status + '</span> <span class="muted">' +
      (out.answer && out.answer.status ? out.answer.status + ', ' + out.answer.reading : JSON.stringify(out.answer)) +
      '</span><pre></pre><span class="muted">TrxID ' + (out.trx_id || '-') + ' from ' + out.sms.sender + '</span>';
    li.querySelector('pre').textContent = out.sms.text;
    phone.balance_poisha = out.balance_poisha;
    fillWordings();
    $('trx').value = '';
  }
  $('log').prepend(li);
}
$('phone').addEventListener('change', fillWordings);
$('form').addEventListener('submit', send);
load();
`;

export function shopPhonePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Shop phone (sandbox)</title><style>${style}</style></head><body><div class="wrap">
<h1>Shop phone</h1>
<p class="lead">The shop's receiving phone, as its SMS forwarder sees it: send the SMS a payment brings, signed with the phone's device key, to <span id="intake"></span>.</p>
<form class="card" id="form">
<label for="phone">Receiving phone</label><select id="phone"></select>
<div class="muted" id="balance"></div>
<label for="wording">Wording</label><select id="wording"></select>
<div class="row"><div><label for="amount">Amount (Tk)</label><input id="amount" inputmode="decimal" value="500" required></div>
<div><label for="trx">TrxID (empty: a new one)</label><input id="trx" autocomplete="off"></div></div>
<div class="row"><div><label for="from">Payer's number</label><input id="from" inputmode="numeric" placeholder="01812345678"></div>
<div><label for="ref">Reference</label><input id="ref"></div></div>
<button type="submit">Send SMS</button>
</form>
<div class="card"><strong>Sent</strong><ul class="log" id="log"></ul></div>
</div><script>${script}</script></body></html>`;
}
