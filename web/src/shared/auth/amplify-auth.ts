import { ADMIN_GROUP } from '@khelaghor/contract/roles';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword as amplifyConfirmResetPassword,
  confirmSignIn,
  confirmSignUp as amplifyConfirmSignUp,
  fetchAuthSession,
  resendSignUpCode as amplifyResendSignUpCode,
  resetPassword as amplifyResetPassword,
  setUpTOTP,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub } from 'aws-amplify/utils';
import type { AuthUser, SignInStep, SignUpInput, TotpSetup } from './auth';
import type { RuntimeConfig } from '../config/runtime-config';
import { currentLocale } from '../i18n/i18n';
import { t } from './messages';
import { refreshWithInitiateAuth } from './token-refresher';

/**
 * Everything that touches aws-amplify. Loaded on demand by auth.tsx so the first paint of the
 * shop does not wait for (or download) the Cognito client.
 */

let authFlow: RuntimeConfig['authFlow'] = 'USER_SRP_AUTH';

export function configure(config: RuntimeConfig): void {
  authFlow = config.authFlow;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
      },
    },
  });
  // cognito-local lacks the API amplify refreshes with; USER_PASSWORD_AUTH means the local stack.
  if (config.authFlow === 'USER_PASSWORD_AUTH') {
    cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher(
      refreshWithInitiateAuth as unknown as Parameters<
        typeof cognitoUserPoolsTokenProvider.tokenOrchestrator.setTokenRefresher
      >[0],
    );
  }
}

/** The id token (the API's JWT authorizer reads email and groups from it), refreshed when due. */
export async function idToken(forceRefresh = false): Promise<string | undefined> {
  try {
    const session = await fetchAuthSession({ forceRefresh });
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

export async function readUser(forceRefresh = false): Promise<AuthUser | undefined> {
  try {
    const session = await fetchAuthSession({ forceRefresh });
    const payload = session.tokens?.idToken?.payload;
    if (!payload?.sub) return undefined;
    const raw = payload['cognito:groups'];
    const groups = Array.isArray(raw) ? raw.map(String) : [];
    return {
      userId: String(payload.sub),
      email: String(payload.email ?? ''),
      groups,
      isAdmin: groups.includes(ADMIN_GROUP),
    };
  } catch {
    return undefined;
  }
}

/** Bangladeshi numbers as typed (01XXXXXXXXX) become E.164, which Cognito requires. */
export function toE164(phone: string): string | undefined {
  const digits = phone.replace(/[^\d+]/g, '');
  if (/^\+\d{8,15}$/.test(digits)) return digits;
  if (/^01\d{9}$/.test(digits)) return `+88${digits}`;
  if (/^8801\d{9}$/.test(digits)) return `+${digits}`;
  return undefined;
}

/** Cognito's (and amplify's) errors by name, in the shop's words. */
const MESSAGE_OF_NAME: Record<string, Parameters<typeof t>[0]> = {
  NotAuthorizedException: 'incorrectCredentials',
  UsernameExistsException: 'accountExists',
  UserNotFoundException: 'incorrectCredentials',
  // A wrong or expired authenticator code (sign-in, or verifying a new app).
  CodeMismatchException: 'totpCodeWrong',
  EnableSoftwareTokenMFAException: 'totpCodeWrong',
  ExpiredCodeException: 'signInTooLong',
  // The pool asks only for 6 characters (infra/src/auth.ts): the one rule a password can break.
  InvalidPasswordException: 'passwordMin',
  InvalidParameterException: 'checkDetails',
  PasswordResetRequiredException: 'newPasswordNeeded',
  LimitExceededException: 'tooManyAttempts',
  TooManyRequestsException: 'tooManyAttempts',
  TooManyFailedAttemptsException: 'tooManyAttempts',
  NetworkError: 'networkError',
};

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    if (Object.hasOwn(MESSAGE_OF_NAME, error.name)) return t(MESSAGE_OF_NAME[error.name]!);
    if (/session is expired/i.test(error.message)) return t('signInTooLong');
    // Cognito's own English for an error not listed; in Bangla the shop's general words.
    return currentLocale() === 'en' && error.message ? error.message : t('somethingWrong');
  }
  return t('somethingWrong');
}

/**
 * One answer for a wrong password and an unknown email, so the login form does not tell who has an
 * account. cognito-local answers a wrong password with InvalidPasswordException ('Invalid
 * password'), which elsewhere (sign-up, reset) means a password too weak, so it is mapped here only.
 */
function signInMessageOf(error: unknown): string {
  if (error instanceof Error && error.name === 'InvalidPasswordException') return t('incorrectCredentials');
  return messageOf(error);
}

/**
 * Password sign-in. 'totp': the account has an authenticator app (admins), and the code is the
 * next step (confirmTotpCode). Customers never have one, so they are signed in at once.
 */
export async function signIn(email: string, password: string): Promise<SignInStep> {
  const doSignIn = () =>
    amplifySignIn({ username: email.trim().toLowerCase(), password, options: { authFlowType: authFlow } });
  let result;
  try {
    result = await doSignIn();
  } catch (error) {
    if (error instanceof Error && error.name === 'UserAlreadyAuthenticatedException') {
      await amplifySignOut();
      result = await doSignIn().catch((e: unknown) => {
        throw new Error(signInMessageOf(e));
      });
    } else {
      throw new Error(signInMessageOf(error));
    }
  }
  if (result.isSignedIn) return 'done';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'totp';
  // The password was right but the email was never verified: the code step of the sign-up comes next.
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirm-sign-up';
  throw new Error(t('unsupportedStep'));
}

/** The authenticator app's code for the sign-in started by signIn (the TOTP challenge). */
export async function confirmTotpCode(code: string): Promise<void> {
  let result;
  try {
    result = await confirmSignIn({ challengeResponse: code.replace(/\s/g, '') });
  } catch (error) {
    throw new Error(messageOf(error));
  }
  if (!result.isSignedIn) throw new Error(t('unsupportedStep'));
}

/** Start adding an authenticator app to the signed-in account: its setup key and otpauth:// URI. */
export async function setUpTotp(accountName: string): Promise<TotpSetup> {
  try {
    const details = await setUpTOTP();
    return { secret: details.sharedSecret, uri: details.getSetupUri('Khelaghor', accountName).toString() };
  } catch (error) {
    throw new Error(messageOf(error));
  }
}

/** Finish it with a code from the app: verified, then turned on as the preferred second step. */
export async function verifyTotp(code: string): Promise<void> {
  try {
    await verifyTOTPSetup({ code: code.replace(/\s/g, '') });
    await updateMFAPreference({ totp: 'PREFERRED' });
  } catch (error) {
    throw new Error(messageOf(error));
  }
}

/** The account mails (code, reset) come in the page's language: the CustomMessage trigger reads it. */
const mailLanguage = () => ({ lang: currentLocale() });

/**
 * Returns whether the new account is ready to sign in. It is not when the pool emails a code first
 * (always, on AWS and locally): confirmSignUpCode with that code, then sign in.
 */
export async function signUp({ email, password, fullName, phone }: SignUpInput): Promise<boolean> {
  const phoneNumber = phone ? toE164(phone) : undefined;
  try {
    const result = await amplifySignUp({
      username: email.trim().toLowerCase(),
      password,
      options: {
        userAttributes: {
          email: email.trim().toLowerCase(),
          name: fullName.trim(),
          ...(phoneNumber ? { phone_number: phoneNumber } : {}),
        },
        clientMetadata: mailLanguage(),
      },
    });
    return result.isSignUpComplete || result.nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN';
  } catch (error) {
    throw new Error(messageOf(error));
  }
}

/** The emailed code's own errors (sign-up and password reset), in the shop's words. */
function codeMessageOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'CodeMismatchException') return t('emailCodeWrong');
    if (error.name === 'ExpiredCodeException') return t('codeExpired');
    if (error.name === 'LimitExceededException' || error.name === 'TooManyFailedAttemptsException')
      return t('tooManyAttempts');
    if (error.name === 'CodeDeliveryFailureException') return t('couldNotSendEmail');
  }
  return messageOf(error);
}

const normal = (email: string) => email.trim().toLowerCase();

/** The sign-up's emailed code: the account is confirmed and its email verified (sign in next). */
export async function confirmSignUpCode(email: string, code: string): Promise<void> {
  try {
    await amplifyConfirmSignUp({ username: normal(email), confirmationCode: code.replace(/\s/g, '') });
  } catch (error) {
    // A second click on a code that already worked.
    if (
      error instanceof Error &&
      error.name === 'NotAuthorizedException' &&
      /already confirmed|CONFIRMED/i.test(error.message)
    )
      return;
    throw new Error(codeMessageOf(error));
  }
}

/** A new sign-up code by email (the old one stops working). */
export async function resendSignUpCode(email: string): Promise<void> {
  try {
    await amplifyResendSignUpCode({ username: normal(email), options: { clientMetadata: mailLanguage() } });
  } catch (error) {
    throw new Error(codeMessageOf(error));
  }
}

/**
 * Email a password reset code. An unknown email gets the same answer as a known one (no way to
 * learn who has an account): the AWS app client has preventUserExistenceErrors; cognito-local
 * answers UserNotFoundException, taken as done here.
 */
export async function resetPassword(email: string): Promise<void> {
  try {
    await amplifyResetPassword({ username: normal(email), options: { clientMetadata: mailLanguage() } });
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotFoundException') return;
    throw new Error(codeMessageOf(error));
  }
}

/** The reset code and the new password: the old password stops working. */
export async function confirmResetPassword(email: string, code: string, newPassword: string): Promise<void> {
  try {
    await amplifyConfirmResetPassword({
      username: normal(email),
      confirmationCode: code.replace(/\s/g, ''),
      newPassword,
    });
  } catch (error) {
    // An unknown email: the same answer as a wrong code (as on AWS with preventUserExistenceErrors).
    if (error instanceof Error && error.name === 'UserNotFoundException')
      throw new Error(codeMessageOf(Object.assign(new Error(''), { name: 'CodeMismatchException' })));
    if (error instanceof Error && error.name === 'InvalidPasswordException')
      throw new Error(t('passwordMin'));
    throw new Error(codeMessageOf(error));
  }
}

export async function signOut(): Promise<void> {
  await amplifySignOut();
}

export function onAuthEvent(listener: (event: string) => void): () => void {
  return Hub.listen('auth', ({ payload }) => listener(payload.event));
}
