import { Trans } from '../../shared/i18n/trans';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../shared/ui/card';
import { toast } from '../../shared/ui/sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs';
import { ApiError, errorMessage } from '../../shared/api/client';
import { useAuth } from '../../shared/auth/auth';
import { afterSignIn } from '../../shared/auth/return-path';
import { useSeo } from '../../shared/lib/seo';
import { useBrandName } from '../../shared/api/site';
import { adoptAccountLanguage } from '../../shared/i18n/use-language-on-account';
import { refreshMe } from './api';
import {
  validateEmail,
  validateEmailCode,
  validateReset,
  validateSignIn,
  validateSignUp,
} from './auth-validation';
import { ForgotPasswordForm, ResetPasswordForm } from './components/forgot-password-form';
import { LoginForm } from './components/login-form';
import { emptySignUp, SignUpForm } from './components/sign-up-form';
import { TotpCodeForm } from './components/totp-code-form';
import { VerifyEmailForm } from './components/verify-email-form';
import { id, t, useT } from './messages';

/** The email code of a new account; the password is kept (in memory) to sign in once it is verified. */
interface Verify {
  email: string;
  password: string;
  code: string;
  afterLogin: boolean;
}
/** "Forgot password?": the email first, then the emailed code and the new password. */
type Recover =
  { step: 'email'; email: string } | { step: 'reset'; email: string; code: string; password: string };

/**
 * What went wrong, in the page's language: the sign-in module's own errors (plain Errors) already
 * are, an API error is said by its reason; anything else (a chunk that did not load) gets `fallback`.
 */
const failure = (error: unknown, fallback: string) => {
  if (error instanceof ApiError) return errorMessage(error);
  return error instanceof Error && error.name === 'Error' && error.message ? error.message : fallback;
};

export default function AuthPage() {
  const tr = useT();
  useSeo(tr('login'));
  const {
    user,
    loading,
    signIn,
    confirmSignIn,
    signUp,
    signOut,
    confirmSignUp,
    resendSignUpCode,
    resetPassword,
    confirmResetPassword,
  } = useAuth();
  const brand = useBrandName();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [login, setLogin] = useState({ email: '', password: '' });
  const [register, setRegister] = useState(emptySignUp);
  const [busy, setBusy] = useState(false);
  // The password was right and the account has an authenticator app: its code comes next.
  const [totp, setTotp] = useState<{ code: string } | undefined>();
  const [verify, setVerify] = useState<Verify | undefined>();
  const [recover, setRecover] = useState<Recover | undefined>();
  // The header's Register links here with ?tab=signup, its Login without: each opens its own tab,
  // also when one is pressed while the page is already open.
  const linkedTab = new URLSearchParams(location.search).get('tab') === 'signup' ? 'signup' : 'login';
  const [tab, setTab] = useState<'login' | 'signup'>(linkedTab);
  useEffect(() => setTab(linkedTab), [linkedTab]);
  const target = afterSignIn(location.state);

  if (!loading && user && !busy) return <Navigate to={target} replace />;

  const signedIn = async () => {
    adoptAccountLanguage();
    await refreshMe(queryClient);
    toast.success(t('welcomeBack'), { description: t('loggedIn') });
    navigate(target, { replace: true });
  };

  const onLogin = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSignIn(login);
    if (problem) return toast.error(t('error'), { description: problem });
    setBusy(true);
    try {
      const step = await signIn(login.email, login.password);
      if (step === 'totp') setTotp({ code: '' });
      else if (step === 'confirm-sign-up')
        setVerify({ email: login.email.trim(), password: login.password, code: '', afterLogin: true });
      else await signedIn();
    } catch (error) {
      toast.error(t('error'), { description: failure(error, t('loginFailed')) });
    } finally {
      setBusy(false);
    }
  };

  const onTotp = async (e: FormEvent) => {
    e.preventDefault();
    if (!totp || totp.code.length !== 6) return;
    setBusy(true);
    try {
      await confirmSignIn(totp.code);
      setTotp(undefined);
      await signedIn();
    } catch (error) {
      setTotp({ code: '' });
      toast.error(t('error'), { description: failure(error, t('loginFailed')) });
    } finally {
      setBusy(false);
    }
  };

  const cancelTotp = () => {
    setTotp(undefined);
    setLogin({ ...login, password: '' });
    void signOut().catch(() => undefined);
  };

  const onSignUp = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSignUp(register);
    if (problem) return toast.error(t('error'), { description: problem });
    setBusy(true);
    try {
      const { signedIn, confirmEmail } = await signUp(register);
      toast.success(t('success'), { description: t('accountCreated') });
      setRegister(emptySignUp);
      if (signedIn) {
        adoptAccountLanguage();
        navigate(target, { replace: true });
      } else if (confirmEmail)
        setVerify({ email: register.email.trim(), password: register.password, code: '', afterLogin: false });
    } catch (error) {
      toast.error(t('error'), { description: failure(error, t('signUpFailed')) });
    } finally {
      setBusy(false);
    }
  };

  const backToLogin = (email?: string) => {
    setVerify(undefined);
    setRecover(undefined);
    if (email !== undefined) setLogin({ email, password: '' });
    setTab('login');
  };

  const onVerify = async (e: FormEvent) => {
    e.preventDefault();
    if (!verify) return;
    const invalid = validateEmailCode(verify.code);
    if (invalid) return toast.error(t('error'), { description: invalid });
    setBusy(true);
    try {
      try {
        await confirmSignUp(verify.email, verify.code);
      } catch (error) {
        setVerify({ ...verify, code: '' });
        toast.error(t('error'), { description: failure(error, t('verificationFailed')) });
        return;
      }
      // Verified: sign in with the password just typed, and on to where sign-up was going.
      let step;
      try {
        step = await signIn(verify.email, verify.password);
      } catch {
        toast.success(t('emailVerified'), { description: t('logInWithEmail') });
        backToLogin(verify.email);
        return;
      }
      setVerify(undefined);
      if (step === 'totp') {
        setTotp({ code: '' });
        return;
      }
      adoptAccountLanguage();
      await refreshMe(queryClient);
      toast.success(t('emailVerified'), { description: t('welcomeTo', { brand }) });
      navigate(target, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  const onResendSignUpCode = async () => {
    if (!verify) return;
    setBusy(true);
    try {
      await resendSignUpCode(verify.email);
      setVerify({ ...verify, code: '' });
      toast.success(t('codeSent'), { description: t('newCodeSent', { email: verify.email }) });
    } catch (error) {
      toast.error(t('error'), { description: failure(error, t('couldNotSendNewCode')) });
    } finally {
      setBusy(false);
    }
  };

  const sendResetCode = async (email: string) => {
    await resetPassword(email);
    toast.success(t('checkEmail'), { description: t('ifAccountSent', { email }) });
  };

  const onForgot = async (e: FormEvent) => {
    e.preventDefault();
    if (recover?.step !== 'email') return;
    const email = recover.email.trim();
    const invalid = validateEmail(email);
    if (invalid) return toast.error(t('error'), { description: invalid });
    setBusy(true);
    try {
      await sendResetCode(email);
      setRecover({ step: 'reset', email, code: '', password: '' });
    } catch (error) {
      toast.error(t('error'), { description: failure(error, t('couldNotSendCode')) });
    } finally {
      setBusy(false);
    }
  };

  const onResendResetCode = async () => {
    if (recover?.step !== 'reset') return;
    setBusy(true);
    try {
      await sendResetCode(recover.email);
      setRecover({ ...recover, code: '' });
    } catch (error) {
      toast.error(t('error'), { description: failure(error, t('couldNotSendCode')) });
    } finally {
      setBusy(false);
    }
  };

  const onReset = async (e: FormEvent) => {
    e.preventDefault();
    if (recover?.step !== 'reset') return;
    const invalid = validateReset(recover);
    if (invalid) return toast.error(t('error'), { description: invalid });
    setBusy(true);
    try {
      await confirmResetPassword(recover.email, recover.code, recover.password);
      toast.success(t('passwordChanged'), { description: t('logInWithNew') });
      backToLogin(recover.email);
    } catch (error) {
      toast.error(t('error'), { description: failure(error, t('couldNotChange')) });
    } finally {
      setBusy(false);
    }
  };

  const content = totp ? (
    <TotpCodeForm
      code={totp.code}
      onCode={(code) => setTotp({ code })}
      onSubmit={onTotp}
      onCancel={cancelTotp}
      busy={busy}
    />
  ) : verify ? (
    <VerifyEmailForm
      email={verify.email}
      code={verify.code}
      afterLogin={verify.afterLogin}
      onCode={(code) => setVerify({ ...verify, code })}
      onSubmit={onVerify}
      onResend={onResendSignUpCode}
      onBack={() => backToLogin(verify.email)}
      busy={busy}
    />
  ) : recover?.step === 'email' ? (
    <ForgotPasswordForm
      email={recover.email}
      onEmail={(email) => setRecover({ step: 'email', email })}
      onSubmit={onForgot}
      onBack={() => backToLogin()}
      busy={busy}
    />
  ) : recover?.step === 'reset' ? (
    <ResetPasswordForm
      email={recover.email}
      values={recover}
      onChange={(values) => setRecover({ ...recover, ...values })}
      onSubmit={onReset}
      onResend={onResendResetCode}
      onBack={() => backToLogin(recover.email)}
      busy={busy}
    />
  ) : (
    <Tabs value={tab} onValueChange={(value) => setTab(value === 'signup' ? 'signup' : 'login')}>
      <TabsList className="w-full">
        <TabsTrigger value="login" className="flex-1">
          {tr('login')}
        </TabsTrigger>
        <TabsTrigger value="signup" className="flex-1">
          {tr('signUp')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="login">
        <LoginForm
          values={login}
          onChange={setLogin}
          onSubmit={onLogin}
          busy={busy}
          onForgot={() => setRecover({ step: 'email', email: login.email.trim() })}
        />
      </TabsContent>
      <TabsContent value="signup">
        <SignUpForm values={register} onChange={setRegister} onSubmit={onSignUp} busy={busy} />
      </TabsContent>
    </Tabs>
  );

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-violet-50 to-slate-100 px-4 py-8">
      <div className="w-full max-w-md">
        <Button variant="ghost" className="mb-4" onClick={() => navigate('/')}>
          <ArrowLeft aria-hidden="true" /> {tr('backToHome')}
        </Button>
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-bold">{brand}</h1>
            <CardDescription>{tr('loginOrCreate')}</CardDescription>
          </CardHeader>
          <CardContent>
            {content}
            <p className="mt-6 text-center text-xs text-muted-foreground">
              <Trans
                id={id('agreeTerms')}
                components={{
                  0: <Link className="underline underline-offset-2 hover:text-foreground" to="/terms" />,
                  1: <Link className="underline underline-offset-2 hover:text-foreground" to="/privacy" />,
                }}
              />
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
