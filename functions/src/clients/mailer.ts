import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { createTransport, type Transporter } from 'nodemailer';
import { config } from '../runtime/config';
import { keptPerContainer } from '../runtime/container-state';

/** One message as the shop sends it: both an HTML and a plain-text body. */
export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves with the transport's message id once the server accepted the message; rejects otherwise. */
  send(mail: Mail): Promise<{ messageId: string }>;
}

/**
 * nodemailer over SMTP locally (the stack's inbox), over SES v2 on AWS: the same message, built
 * the same way, whichever carries it.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  region?: string;
  /** SES only: the configuration set (suppression list, reputation metrics; infra/src/mail-reputation.ts). */
  configurationSet?: string;
}): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? createTransport(opts.smtpUrl)
    : createTransport({
        SES: { sesClient: new SESv2Client({ region: opts.region }), SendEmailCommand },
      });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        ...mail,
        ...(opts.configurationSet &&
          !opts.smtpUrl && { ses: { ConfigurationSetName: opts.configurationSet } }),
      });
      return { messageId: String(info.messageId ?? '') };
    },
  };
}

let shared: Mailer | undefined;
keptPerContainer(() => (shared = undefined));

/** The mailer of this process's environment (SMTP_URL, MAIL_FROM, MAIL_CONFIGURATION_SET). */
export function mailer(): Mailer {
  const env = config();
  shared ??= createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    region: env.AWS_REGION,
    configurationSet: env.MAIL_CONFIGURATION_SET,
  });
  return shared;
}
