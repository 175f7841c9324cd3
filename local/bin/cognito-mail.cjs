'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload (node --require) by necessity */
/**
 * Preloaded into cognito-local (`node --require local/bin/cognito-mail.cjs .../cognito-local/lib/bin/start.js`,
 * local/src/cognito.ts) so that the local user pool behaves like the AWS one where the shop depends on it:
 *
 * 1. Mail. cognito-local hands every code (sign-up, new code, forgotten password) to its
 *    ConsoleMessageSender, which only prints it. Its sendEmail is replaced with a nodemailer send to
 *    the stack's SMTP server (COGNITO_MAIL_SMTP_URL; the web inbox shows it), with the subject and
 *    HTML the CustomMessage trigger wrote (the code already put in by cognito-local) or, when the
 *    trigger gave nothing, a plain text with the code. A CustomEmailSender trigger would be the
 *    "real" hook, but cognito-local only calls it with a KMS-encrypted code (it needs a KMS
 *    endpoint), and AWS sends these mails itself (through SES) after the CustomMessage trigger,
 *    which is what this reproduces. A send that fails three times is logged (with the code, in
 *    .data/logs/cognito.log) and does not fail the sign-up: "Resend code" asks again.
 * 2. ResendConfirmationCode, which cognito-local 5.3.0 lacks (amplify's resendSignUpCode calls it):
 *    a new code for an unconfirmed user, delivered like the sign-up one (CustomMessage_ResendCode).
 * 3. ConfirmSignUp also marks the email verified, as AWS does for a pool that verifies emails
 *    (cognito-local only sets the status to CONFIRMED).
 *
 * Only what is named here is changed; the rest of cognito-local runs as installed.
 */
const { dirname, join } = require('node:path');

// process.argv[1] is cognito-local's lib/bin/start.js: patch the very modules it loads.
const lib = process.argv[1]
  ? join(dirname(process.argv[1]), '..')
  : join(dirname(require.resolve('cognito-local/package.json')), 'lib');
const smtpUrl = process.env.COGNITO_MAIL_SMTP_URL;
const from = process.env.COGNITO_MAIL_FROM || 'Khelaghor <no-reply@khelaghor.local>';

const { ConsoleMessageSender } = require(join(lib, 'services', 'messageDelivery', 'consoleMessageSender.js'));
const { Targets } = require(join(lib, 'targets', 'targets.js'));
const errors = require(join(lib, 'errors.js'));
const { selectAppropriateDeliveryMethod } = require(
  join(lib, 'services', 'messageDelivery', 'deliveryMethod.js'),
);

/** A readable text part from the trigger's HTML (mail clients that show text only, the inbox's text view). */
function htmlToText(html) {
  return html
    .replace(/<(style|head|title)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|li|table)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

if (smtpUrl) {
  const nodemailer = require('nodemailer');
  const originalSendEmail = ConsoleMessageSender.prototype.sendEmail;
  ConsoleMessageSender.prototype.sendEmail = async function sendEmail(ctx, user, destination, message) {
    const mail = message.emailMessage
      ? {
          subject: message.emailSubject || 'Your Khelaghor code',
          html: message.emailMessage,
          text: htmlToText(message.emailMessage),
        }
      : {
          subject: message.emailSubject || 'Your Khelaghor verification code',
          text: `Your Khelaghor verification code is ${message.__code}\n\nDidn't ask for it? Ignore this email.`,
        };
    let lastError;
    for (const wait of [0, 250, 1000]) {
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      const transport = nodemailer.createTransport(smtpUrl);
      try {
        await transport.sendMail({ from, to: destination, ...mail });
        return;
      } catch (error) {
        lastError = error;
      } finally {
        transport.close();
      }
    }
    ctx.logger.error(
      `cognito-mail: could not send to ${destination} through ${smtpUrl}: ${lastError && lastError.message}`,
    );
    return originalSendEmail.call(this, ctx, user, destination, message);
  };
}

Targets.ResendConfirmationCode =
  ({ cognito, clock, messages, otp }) =>
  async (ctx, req) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    if (user.UserStatus !== 'UNCONFIRMED')
      throw new errors.InvalidParameterError('User is already confirmed.');
    const deliveryDetails = selectAppropriateDeliveryMethod(
      userPool.options.AutoVerifiedAttributes || [],
      user,
    );
    if (!deliveryDetails)
      throw new errors.InvalidParameterError(
        'User has no attribute matching desired auto verified attributes',
      );
    const code = otp();
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      deliveryDetails,
    );
    await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
    return { CodeDeliveryDetails: deliveryDetails };
  };

const confirmSignUp = Targets.ConfirmSignUp;
Targets.ConfirmSignUp = (services) => {
  const confirm = confirmSignUp(services);
  return async (ctx, req) => {
    const result = await confirm(ctx, req);
    const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    const attributes = (user && user.Attributes) || [];
    if (user && attributes.some((a) => a.Name === 'email')) {
      await userPool.saveUser(ctx, {
        ...user,
        Attributes: [
          ...attributes.filter((a) => a.Name !== 'email_verified'),
          { Name: 'email_verified', Value: 'true' },
        ],
      });
    }
    return result;
  };
};
