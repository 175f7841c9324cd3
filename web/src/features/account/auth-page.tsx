import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../shared/ui/card';
import { toast } from '../../shared/ui/sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../shared/ui/tabs';
import { useAuth } from '../../shared/auth/auth';
import { useSeo } from '../../shared/lib/seo';
import { useSettings } from '../../shared/api/site';
import { refreshMe } from './api';
import { validateSignIn, validateSignUp } from './auth-validation';
import { LoginForm } from './components/login-form';
import { emptySignUp, SignUpForm } from './components/sign-up-form';
import { TotpCodeForm } from './components/totp-code-form';

export default function AuthPage() {
  useSeo('Login');
  const { user, loading, signIn, confirmSignIn, signUp, signOut } = useAuth();
  const settings = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [login, setLogin] = useState({ email: '', password: '' });
  const [register, setRegister] = useState(emptySignUp);
  const [busy, setBusy] = useState(false);
  // The password was right and the account has an authenticator app: its code comes next.
  const [totp, setTotp] = useState<{ code: string } | undefined>();
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from.startsWith('/') && !from.startsWith('/auth') ? from : '/';

  if (!loading && user && !busy) return <Navigate to={target} replace />;

  const signedIn = async () => {
    await refreshMe(queryClient);
    toast.success('Welcome back!', { description: 'You have successfully logged in.' });
    navigate(target, { replace: true });
  };

  const onLogin = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSignIn(login);
    if (problem) return toast.error('Error', { description: problem });
    setBusy(true);
    try {
      if ((await signIn(login.email, login.password)) === 'totp') setTotp({ code: '' });
      else await signedIn();
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : 'Login failed' });
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
      toast.error('Error', { description: error instanceof Error ? error.message : 'Login failed' });
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
    if (problem) return toast.error('Error', { description: problem });
    setBusy(true);
    try {
      const { signedIn } = await signUp(register);
      toast.success('Success!', {
        description: 'Account created successfully! Please check your email to verify your account.',
      });
      setRegister(emptySignUp);
      if (signedIn) navigate(target, { replace: true });
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : 'Sign up failed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-violet-50 to-slate-100 px-4 py-8">
      <div className="w-full max-w-md">
        <Button variant="ghost" className="mb-4" onClick={() => navigate('/')}>
          <ArrowLeft aria-hidden="true" /> Back to Home
        </Button>
        <Card>
          <CardHeader className="text-center">
            <h1 className="text-2xl font-bold">{settings.brand_name}</h1>
            <CardDescription>Login or create an account to get started</CardDescription>
          </CardHeader>
          <CardContent>
            {totp ? (
              <TotpCodeForm
                code={totp.code}
                onCode={(code) => setTotp({ code })}
                onSubmit={onTotp}
                onCancel={cancelTotp}
                busy={busy}
              />
            ) : (
              <Tabs defaultValue="login">
                <TabsList className="w-full">
                  <TabsTrigger value="login" className="flex-1">
                    Login
                  </TabsTrigger>
                  <TabsTrigger value="signup" className="flex-1">
                    Sign Up
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm values={login} onChange={setLogin} onSubmit={onLogin} busy={busy} />
                </TabsContent>
                <TabsContent value="signup">
                  <SignUpForm values={register} onChange={setRegister} onSubmit={onSignUp} busy={busy} />
                </TabsContent>
              </Tabs>
            )}
            <p className="mt-6 text-center text-xs text-muted-foreground">
              By continuing, you agree to our Terms of Service and Privacy Policy.
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
