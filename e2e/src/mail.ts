import type { MailMessage } from '../../local/src/mail-server';
import type { StackInfo } from './stack-info';

export type { MailMessage };

/** The stack's inbox as the e2e tests read it: its JSON API, the way a person reads the web page. */
export async function inboxMessages(stack: Pick<StackInfo, 'inboxUrl'>, to: string): Promise<MailMessage[]> {
  const res = await fetch(`${stack.inboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`GET ${stack.inboxUrl}/api/messages answered ${res.status}`);
  return (await res.json()) as MailMessage[];
}

/**
 * The newest mail to `to` whose subject matches, received after `after` (an ISO time, e.g. taken
 * just before the action that sends it). Polls the inbox until `timeoutMs`.
 */
export async function waitForMail(
  stack: Pick<StackInfo, 'inboxUrl'>,
  to: string,
  opts: { subject?: RegExp; after?: string; timeoutMs?: number } = {},
): Promise<MailMessage> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  for (;;) {
    const found = (await inboxMessages(stack, to)).find(
      (m) => (!opts.subject || opts.subject.test(m.subject)) && (!opts.after || m.receivedAt >= opts.after),
    );
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `No mail to ${to}${opts.subject ? ` matching ${opts.subject}` : ''} in ${stack.inboxUrl}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The 6-digit code of an account mail (sign-up, new code, password reset). */
export function codeIn(message: MailMessage): string {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in "${message.subject}": ${message.text.slice(0, 200)}`);
  return code;
}
