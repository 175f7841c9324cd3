import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { authMailKind, authMailLang, authMessage } from '../../use-cases/notify/auth-messages';

/**
 * Cognito's CustomMessage trigger: the subject and HTML of the sign-up, new-code, forgotten-password,
 * admin-created-account and changed-email mails (use-cases/notify/auth-messages.ts). Cognito puts the
 * code in ({####}) and sends the mail itself (SES on AWS; the local stack's inbox through
 * local/bin/cognito-mail.cjs). Other sources (SMS, MFA codes) come back unchanged.
 */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const kind = authMailKind(event.triggerSource);
  if (!kind) return event;
  const { request } = event;
  const message = authMessage(
    kind,
    {
      code: request.codeParameter,
      username: request.usernameParameter ?? undefined,
      name: request.userAttributes?.name,
    },
    authMailLang(request.clientMetadata?.lang ?? request.userAttributes?.locale),
  );
  event.response = { ...event.response, emailSubject: message.subject, emailMessage: message.html };
  return event;
}
