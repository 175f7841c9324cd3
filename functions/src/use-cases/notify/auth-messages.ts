import type { Mail } from '../../clients/mailer';
import { AUTH_TEXTS_BN } from './auth-messages-bn';
import { renderMail, type MailContent } from './mail-layout';

/**
 * The account mails Cognito sends (sign-up code, new code, forgotten password, an account made by
 * an admin, a changed email), written by the CustomMessage trigger (handlers/auth/custom-message.ts)
 * in the shop's mail layout. `code` is Cognito's placeholder `{####}` (and `username` its
 * `{username}`): Cognito puts the real values in after the trigger, so each appears exactly once.
 * English here, Bangla in auth-messages-bn.ts: AUTH_TEXTS needs both for every kind.
 */
export type AuthMailLang = 'en' | 'bn';
export type AuthMailKind =
  | 'sign-up'
  | 'resend-code'
  | 'forgot-password'
  | 'admin-create-user'
  | 'update-attribute'
  | 'verify-attribute';

/** The brand at the top of an account mail, as each language writes it. */
const AUTH_MAIL_BRAND: Record<AuthMailLang, string> = { en: 'Khelaghor', bn: 'খেলাঘর' };

const KINDS: Record<string, AuthMailKind> = {
  CustomMessage_SignUp: 'sign-up',
  CustomMessage_ResendCode: 'resend-code',
  CustomMessage_ForgotPassword: 'forgot-password',
  CustomMessage_AdminCreateUser: 'admin-create-user',
  CustomMessage_UpdateUserAttribute: 'update-attribute',
  CustomMessage_VerifyUserAttribute: 'verify-attribute',
};

/** The mail a trigger source asks for; undefined for the ones the shop leaves to Cognito (e.g. SMS MFA). */
export function authMailKind(triggerSource: string): AuthMailKind | undefined {
  return Object.hasOwn(KINDS, triggerSource) ? KINDS[triggerSource] : undefined;
}

/**
 * A language the mails are written in, from a hint (the SPA's clientMetadata `lang`, the user's
 * `locale` attribute): Bangla for 'bn', 'bn-BD' and the like, else English.
 */
export function authMailLang(hint: string | undefined): AuthMailLang {
  return /^bn(?:$|[-_])/i.test((hint ?? '').trim()) ? 'bn' : 'en';
}

export interface AuthMailParams {
  /** Cognito's code placeholder ({####}), or a code (previews, tests). */
  code: string;
  /** Cognito's {username} placeholder: AdminCreateUser only. */
  username?: string;
  /** The account's name attribute, when it has one. */
  name?: string;
}

export type AuthTexts = Record<
  AuthMailKind,
  (p: { code: string; username: string; hi: string[] }) => MailContent
>;

export const AUTH_TEXTS: Record<AuthMailLang, AuthTexts> = {
  bn: AUTH_TEXTS_BN,
  en: {
    'sign-up': ({ code, hi }) => ({
      subject: 'Your Khelaghor verification code',
      title: 'Verify your email',
      lines: [
        ...hi,
        'Welcome to Khelaghor! Type this code on the "Verify your email" screen to finish creating your account.',
      ],
      code,
      footer:
        "The code works for 24 hours. Didn't sign up? Ignore this email: without the code no account is opened with your address.",
    }),
    'resend-code': ({ code, hi }) => ({
      subject: 'Your new Khelaghor verification code',
      title: 'Your new verification code',
      lines: [
        ...hi,
        'Here is the new code you asked for. Type it on the "Verify your email" screen; older codes no longer work.',
      ],
      code,
      footer: "The code works for 24 hours. Didn't ask for it? Ignore this email.",
    }),
    'forgot-password': ({ code, hi }) => ({
      subject: 'Reset your Khelaghor password',
      title: 'Reset your password',
      lines: [
        ...hi,
        'Someone asked to reset the password of the Khelaghor account with this email address.',
        'Type this code on the reset screen together with your new password.',
      ],
      code,
      footer: "The code works for 1 hour. Didn't ask? Ignore this email: your password stays as it is.",
    }),
    'admin-create-user': ({ code, username, hi }) => ({
      subject: 'Your Khelaghor account',
      title: 'An account was opened for you',
      lines: [
        ...hi,
        'A Khelaghor administrator opened an account for this email address.',
        'Log in with your email address and the temporary password below; you then choose your own password.',
      ],
      code,
      rows: [['Account id', username]],
      footer: "The temporary password works for 7 days. Didn't expect this? Ignore this email.",
    }),
    'update-attribute': ({ code, hi }) => ({
      subject: 'Confirm your new Khelaghor email',
      title: 'Confirm your new email address',
      lines: [...hi, 'Type this code in Khelaghor to confirm that this address is yours.'],
      code,
      footer: "Didn't ask? Ignore this email: your account keeps its current address.",
    }),
    'verify-attribute': ({ code, hi }) => ({
      subject: 'Verify your Khelaghor email',
      title: 'Verify your email address',
      lines: [...hi, 'Type this code in Khelaghor to verify this email address.'],
      code,
      footer: "Didn't ask? Ignore this email: nothing changes on your account.",
    }),
  },
};

/** Cognito would fill a placeholder typed into a name: braces never come through. */
const plain = (s: string) => s.replace(/[{}]/g, '').trim().slice(0, 80);

/** Subject, HTML (what Cognito sends) and the plain text of one account mail. */
export function authMessage(
  kind: AuthMailKind,
  params: AuthMailParams,
  lang: AuthMailLang = 'en',
): Pick<Mail, 'subject' | 'html' | 'text'> {
  const name = params.name ? plain(params.name) : '';
  const hi = name ? [lang === 'en' ? `Hi ${name},` : `প্রিয় ${name},`] : [];
  const content = AUTH_TEXTS[lang][kind]({
    code: params.code,
    username: params.username ?? '{username}',
    hi,
  });
  const { subject, html, text } = renderMail(AUTH_MAIL_BRAND[lang], [], content, lang);
  return { subject, html, text };
}
