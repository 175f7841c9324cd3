import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { setTokenSource } from '../api/client';
import type { RuntimeConfig } from '../config/runtime-config';

export interface AuthUser {
  userId: string;
  email: string;
  isAdmin: boolean;
  groups: string[];
}

export interface SignUpInput {
  email: string;
  password: string;
  fullName: string;
  phone?: string;
}

/**
 * 'totp': the password was right and the account's authenticator code comes next (confirmSignIn).
 * 'confirm-sign-up': the password was right but the email was never verified: its code comes next
 * (confirmSignUp, then sign in again).
 */
export type SignInStep = 'done' | 'totp' | 'confirm-sign-up';

/** A new authenticator app for the signed-in account: the setup key and the otpauth:// URI (QR code). */
export interface TotpSetup {
  secret: string;
  uri: string;
}

export interface AuthContextValue {
  user?: AuthUser;
  loading: boolean;
  signIn(email: string, password: string): Promise<SignInStep>;
  /** The authenticator code of a sign-in that answered 'totp'. */
  confirmSignIn(code: string): Promise<void>;
  /** Add an authenticator app (admins: the API asks for one): start, then verify with a code from it. */
  setUpTotp(): Promise<TotpSetup>;
  verifyTotp(code: string): Promise<void>;
  /**
   * Creates the account. confirmEmail: the pool emailed a code (always, on AWS and locally), which
   * confirmSignUp takes before the first sign-in; signedIn: the pool needed none and it is signed in.
   */
  signUp(input: SignUpInput): Promise<{ signedIn: boolean; confirmEmail: boolean }>;
  /** The emailed sign-up code (does not sign in: signIn with the password next). */
  confirmSignUp(email: string, code: string): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  /** Emails a password reset code; an unknown email gets the same (silent) answer. */
  resetPassword(email: string): Promise<void>;
  confirmResetPassword(email: string, code: string, newPassword: string): Promise<void>;
  signOut(): Promise<void>;
  /** Re-read the session (forceRefresh: new tokens, e.g. after an admin grant changed the groups). */
  refresh(forceRefresh?: boolean): Promise<void>;
}

type AmplifyAuth = typeof import('./amplify-auth');
let amplifyLoader: Promise<AmplifyAuth> | undefined;
let runtime: Promise<RuntimeConfig> | undefined;

/** aws-amplify is loaded on demand (its own chunk): the shop paints before the Cognito client arrives. */
function loadAmplify(): Promise<AmplifyAuth> {
  if (!runtime) return Promise.reject(new Error('configureAuth was not called'));
  const config = runtime;
  amplifyLoader ??= Promise.all([import('./amplify-auth'), config]).then(([m, c]) => {
    m.configure(c);
    return m;
  });
  return amplifyLoader;
}

/** Amplify keeps the session in localStorage under this prefix: no key, no session to read. */
function mayHaveSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i)?.startsWith('CognitoIdentityServiceProvider.')) return true;
    }
  } catch {
    return true;
  }
  return false;
}

/** Call once before rendering, with the runtime config (or the promise of it). */
export function configureAuth(config: RuntimeConfig | Promise<RuntimeConfig>): void {
  runtime = Promise.resolve(config);
  setTokenSource(async (forceRefresh) => {
    if (!amplifyLoader && !mayHaveSession()) return undefined;
    return (await loadAmplify()).idToken(forceRefresh);
  });
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AuthUser | undefined>();
  // Signed-out visitors (no stored session) get the Login/Register buttons in the first render, not
  // a placeholder that then changes width.
  const [loading, setLoading] = useState(mayHaveSession);

  const listening = useRef<(() => void) | undefined>(undefined);

  const refresh = useCallback(async (forceRefresh = false) => {
    const amplify = await loadAmplify();
    // Follow amplify's auth events (sign-out in another place, failed token refresh) once loaded.
    listening.current ??= amplify.onAuthEvent((event) => {
      if (event === 'signedOut' || event === 'tokenRefresh_failure') setUser(undefined);
      else if (event === 'signedIn' || event === 'tokenRefresh') {
        void amplify.readUser().then(setUser);
      }
    });
    setUser(await amplify.readUser(forceRefresh));
    setLoading(false);
  }, []);

  useEffect(
    () => () => {
      listening.current?.();
      listening.current = undefined;
    },
    [],
  );

  useEffect(() => {
    // Signed-out visitors do not download the Cognito client until they sign in.
    if (!mayHaveSession()) {
      setLoading(false);
      return;
    }
    refresh().catch(() => setLoading(false));
  }, [refresh]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const step = await (await loadAmplify()).signIn(email, password);
      if (step === 'done') await refresh();
      return step;
    },
    [refresh],
  );

  const confirmSignIn = useCallback(
    async (code: string) => {
      await (await loadAmplify()).confirmTotpCode(code);
      await refresh();
    },
    [refresh],
  );

  const setUpTotp = useCallback(
    async () => (await loadAmplify()).setUpTotp(user?.email ?? 'admin'),
    [user?.email],
  );

  const verifyTotp = useCallback(async (code: string) => (await loadAmplify()).verifyTotp(code), []);

  const signUp = useCallback(
    async (input: SignUpInput) => {
      const ready = await (await loadAmplify()).signUp(input);
      if (!ready) return { signedIn: false, confirmEmail: true };
      try {
        return { signedIn: (await signIn(input.email, input.password)) === 'done', confirmEmail: false };
      } catch {
        return { signedIn: false, confirmEmail: false };
      }
    },
    [signIn],
  );

  const confirmSignUp = useCallback(
    async (email: string, code: string) => (await loadAmplify()).confirmSignUpCode(email, code),
    [],
  );
  const resendSignUpCode = useCallback(
    async (email: string) => (await loadAmplify()).resendSignUpCode(email),
    [],
  );
  const resetPassword = useCallback(async (email: string) => (await loadAmplify()).resetPassword(email), []);
  const confirmResetPassword = useCallback(
    async (email: string, code: string, newPassword: string) =>
      (await loadAmplify()).confirmResetPassword(email, code, newPassword),
    [],
  );

  const signOut = useCallback(async () => {
    await (await loadAmplify()).signOut();
    setUser(undefined);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      signIn,
      confirmSignIn,
      setUpTotp,
      verifyTotp,
      signUp,
      confirmSignUp,
      resendSignUpCode,
      resetPassword,
      confirmResetPassword,
      signOut,
      refresh,
    }),
    [
      user,
      loading,
      signIn,
      confirmSignIn,
      setUpTotp,
      verifyTotp,
      signUp,
      confirmSignUp,
      resendSignUpCode,
      resetPassword,
      confirmResetPassword,
      signOut,
      refresh,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** For component tests: a fixed auth state without amplify. */
export function TestAuthProvider({
  value,
  children,
}: {
  value: Partial<AuthContextValue>;
  children: ReactNode;
}) {
  const full: AuthContextValue = {
    loading: false,
    signIn: async () => 'done',
    confirmSignIn: async () => {},
    setUpTotp: async () => ({ secret: 'TESTSECRET', uri: 'otpauth://totp/Khelaghor:test?secret=TESTSECRET' }),
    verifyTotp: async () => {},
    signUp: async () => ({ signedIn: true, confirmEmail: false }),
    confirmSignUp: async () => {},
    resendSignUpCode: async () => {},
    resetPassword: async () => {},
    confirmResetPassword: async () => {},
    signOut: async () => {},
    refresh: async () => {},
    ...value,
  };
  return <AuthContext.Provider value={full}>{children}</AuthContext.Provider>;
}
