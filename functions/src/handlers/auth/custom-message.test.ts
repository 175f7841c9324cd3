import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { authMessage } from '../../use-cases/notify/auth-messages';
import { handler } from './custom-message';

function event(triggerSource: string, attributes: Record<string, string> = {}): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'ap-southeast-1',
    userPoolId: 'ap-southeast-1_pool',
    userName: 'a1b2c3',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource,
    request: {
      userAttributes: { email: 'rahim@example.com', ...attributes },
      codeParameter: '{####}',
      linkParameter: '{##Click Here##}',
      usernameParameter: triggerSource === 'CustomMessage_AdminCreateUser' ? '{username}' : null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('the CustomMessage trigger', () => {
  it.each([
    ['CustomMessage_SignUp', 'Your Khelaghor verification code', /finish creating your account/],
    ['CustomMessage_ResendCode', 'Your new Khelaghor verification code', /new code you asked for/],
    ['CustomMessage_ForgotPassword', 'Reset your Khelaghor password', /reset the password/],
    [
      'CustomMessage_UpdateUserAttribute',
      'Confirm your new Khelaghor email',
      /confirm that this address is yours/,
    ],
    ['CustomMessage_VerifyUserAttribute', 'Verify your Khelaghor email', /verify this email address/],
  ])(
    '%s: the brand, the code placeholder once, what to do and "ignore it"',
    async (source, subject, what) => {
      const out = await handler(event(source));
      expect(out.response.emailSubject).toBe(subject);
      const html = out.response.emailMessage!;
      expect(count(html, '{####}')).toBe(1);
      expect(html).toContain('Khelaghor');
      expect(html).toMatch(what);
      expect(html).toMatch(/Ignore this email/);
      expect(html.length).toBeLessThan(20_000); // Cognito's limit
      expect(out.response.smsMessage).toBeNull();
    },
  );

  it('AdminCreateUser carries the {username} and {####} placeholders (Cognito refuses the message without both)', async () => {
    const out = await handler(event('CustomMessage_AdminCreateUser'));
    expect(count(out.response.emailMessage!, '{####}')).toBe(1);
    expect(count(out.response.emailMessage!, '{username}')).toBe(1);
    expect(out.response.emailMessage).toMatch(/temporary password/);
  });

  it('greets by name, escaped, with no placeholder smuggled in through it', async () => {
    const out = await handler(event('CustomMessage_SignUp', { name: '<b>Rahim</b> {####}' }));
    const html = out.response.emailMessage!;
    expect(html).toContain('Hi &lt;b&gt;Rahim&lt;/b&gt; ####,');
    expect(count(html, '{####}')).toBe(1);
  });

  it('leaves other sources unchanged', async () => {
    const before = event('CustomMessage_Authentication');
    const out = await handler(structuredClone(before));
    expect(out).toEqual(before);
  });

  it('has a plain-text version with the code, for previews and text-only mail', () => {
    const mail = authMessage('forgot-password', { code: '123456' });
    expect(mail.text).toContain('Code: 123456');
    expect(mail.text).toContain("Didn't ask? Ignore this email");
  });
});
