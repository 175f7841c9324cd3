import type { Mail } from '../../clients/mailer';

/**
 * Every message has the same shape: a title, a few lines, facts as label/value rows, at most one
 * voucher code in a box, optional steps and one button. This turns it into the HTML and the
 * plain-text body (mail clients that show text only, and the text part spam filters like).
 */
export interface MailContent {
  subject: string;
  title: string;
  lines: string[];
  rows?: Array<[label: string, value: string]>;
  code?: string;
  /** The code's label in the plain-text body (default 'Code'; the Bangla mails say 'কোড'). */
  codeLabel?: string;
  steps?: { title: string; items: string[] };
  action?: { label: string; url: string };
  footer?: string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Step numbers in the mail's language: 1. 2. 3. or ১. ২. ৩. */
const stepNumber = (lang: 'en' | 'bn', n: number) => `${lang === 'bn' ? n.toLocaleString('bn-BD') : n}.`;

export function renderMail(brand: string, to: string[], c: MailContent, lang: 'en' | 'bn' = 'en'): Mail {
  const rows = c.rows ?? [];
  const html = [
    `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f4f4f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:24px">',
    `<tr><td style="font-size:20px;font-weight:bold;color:#6d28d9;padding-bottom:8px">${escape(brand)}</td></tr>`,
    `<tr><td style="font-size:18px;font-weight:bold;padding:8px 0">${escape(c.title)}</td></tr>`,
    ...c.lines.map(
      (l) => `<tr><td style="font-size:15px;line-height:1.5;padding:4px 0">${escape(l)}</td></tr>`,
    ),
    c.code
      ? `<tr><td style="padding:12px 0"><div style="font-family:Consolas,monospace;font-size:20px;letter-spacing:1px;background:#f5f3ff;border:1px dashed #6d28d9;border-radius:8px;padding:12px;text-align:center;word-break:break-all">${escape(c.code)}</div></td></tr>`
      : '',
    rows.length
      ? `<tr><td style="padding:8px 0"><table role="presentation" width="100%" style="font-size:14px;border-collapse:collapse">${rows
          .map(
            ([k, v]) =>
              `<tr><td style="color:#6b7280;padding:4px 8px 4px 0;vertical-align:top">${escape(k)}</td><td style="padding:4px 0;text-align:right">${escape(v)}</td></tr>`,
          )
          .join('')}</table></td></tr>`
      : '',
    // The numbers are written out, not left to <ol>: a mail client numbers lists 1, 2, 3 and
    // reads few list styles, and a Bangla mail counts ১, ২, ৩.
    c.steps
      ? `<tr><td style="padding:8px 0;font-size:14px"><strong>${escape(c.steps.title)}</strong><ol style="margin:6px 0;padding-left:0;list-style:none">${c.steps.items
          .map((s, i) => `<li style="padding:2px 0">${stepNumber(lang, i + 1)} ${escape(s)}</li>`)
          .join('')}</ol></td></tr>`
      : '',
    c.action
      ? `<tr><td style="padding:16px 0"><a href="${escape(c.action.url)}" style="background:#6d28d9;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-weight:bold;display:inline-block">${escape(c.action.label)}</a></td></tr>`
      : '',
    c.footer
      ? `<tr><td style="font-size:12px;color:#6b7280;padding-top:12px">${escape(c.footer)}</td></tr>`
      : '',
    '</table></td></tr></table></body></html>',
  ].join('');
  const text = [
    brand,
    '',
    c.title,
    '',
    ...c.lines,
    ...(c.code ? ['', `${c.codeLabel ?? 'Code'}: ${c.code}`] : []),
    ...(rows.length ? ['', ...rows.map(([k, v]) => `${k}: ${v}`)] : []),
    ...(c.steps
      ? ['', c.steps.title, ...c.steps.items.map((s, i) => `${stepNumber(lang, i + 1)} ${s}`)]
      : []),
    ...(c.action ? ['', `${c.action.label}: ${c.action.url}`] : []),
    ...(c.footer ? ['', c.footer] : []),
  ].join('\n');
  return { to, subject: c.subject, html, text };
}
