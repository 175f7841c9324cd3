/**
 * Whether a failed send was refused for good: sending the same message again gets the same answer,
 * so the notifier marks it failed instead of retrying the stream record (20 times on AWS, holding up
 * every message behind it on the shard). Anything else is retried, and a send that keeps failing
 * ends in the dead-letter queue, which pages.
 *
 * Permanent (this message): SES's MessageRejected (content, a suppressed or bad address) and
 * BadRequestException / InvalidParameterValue (a malformed address or header); over SMTP (the
 * local stack), a 5xx answer to the recipient or the message.
 *
 * Not permanent, though no retry helps soon: the account's state (SendingPausedException,
 * AccountSuspendedException, MailFromDomainNotVerifiedException, a missing configuration set's
 * NotFoundException). Every message fails alike there, and marking each failed would silently drop
 * the shop's receipts; retried, they page (NotifySendFailures, the dead-letter queue) and are sent
 * once the operator fixes the account. Throttling and timeouts are retried too.
 */
const PERMANENT_SES = new Set(['MessageRejected', 'BadRequestException', 'InvalidParameterValue']);

/** Why the message was refused for good, or undefined when a later try may work. */
export function permanentRejection(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { name, responseCode, message } = error as {
    name?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const text = typeof message === 'string' ? message.slice(0, 200) : '';
  if (typeof name === 'string' && PERMANENT_SES.has(name)) return `${name}: ${text}`;
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600)
    return `SMTP ${responseCode}: ${text}`;
  return undefined;
}
