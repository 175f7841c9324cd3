import { describe, expect, it } from 'vitest';
import { authMailLang, authMessage, type AuthMailKind } from './auth-messages';

const KINDS: AuthMailKind[] = [
  'sign-up',
  'resend-code',
  'forgot-password',
  'admin-create-user',
  'update-attribute',
  'verify-attribute',
];

describe('account mails in the buyer’s language', () => {
  it('a bn hint (clientMetadata lang or the locale attribute) chooses Bangla, anything else English', () => {
    expect(authMailLang('bn')).toBe('bn');
    expect(authMailLang('bn-BD')).toBe('bn');
    expect(authMailLang('BN_bd')).toBe('bn');
    expect(authMailLang('en')).toBe('en');
    expect(authMailLang('bnx')).toBe('en');
    expect(authMailLang(undefined)).toBe('en');
  });

  it.each(KINDS)('%s: Bangla, with Cognito’s placeholders exactly once', (kind) => {
    const mail = authMessage(kind, { code: '{####}', username: '{username}', name: 'Rahim' }, 'bn');
    expect(mail.subject).toMatch(/খেলাঘর/);
    expect(mail.html.split('{####}')).toHaveLength(2);
    if (kind === 'admin-create-user') expect(mail.html.split('{username}')).toHaveLength(2);
    expect(mail.text).toContain('প্রিয় Rahim,');
    // The brand at the top as Bangla writes it, not 'Khelaghor'.
    expect(mail.text.split('\n')[0]).toBe('খেলাঘর');
    expect(mail.html).not.toContain('Khelaghor');
  });

  it('English stays as it was', () => {
    const mail = authMessage('sign-up', { code: '123456' }, 'en');
    expect(mail.subject).toBe('Your Khelaghor verification code');
    expect(mail.text).toContain('Code: 123456');
  });
});
