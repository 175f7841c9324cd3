import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { toast } from '../components/ui/sonner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useAuth } from '../lib/auth';
import { useSeo } from '../lib/seo';
import { useSettings } from '../lib/site';
import { validateSignIn, validateSignUp } from './auth-validation';

const emptySignUp = { fullName: '', phone: '', email: '', password: '' };

export default function AuthPage() {
  useSeo('Login');
  const { user, loading, signIn, signUp } = useAuth();
  const settings = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [login, setLogin] = useState({ email: '', password: '' });
  const [register, setRegister] = useState(emptySignUp);
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from.startsWith('/') && !from.startsWith('/auth') ? from : '/';

  if (!loading && user && !busy) return <Navigate to={target} replace />;

  const onLogin = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSignIn(login);
    if (problem) return toast.error('Error', { description: problem });
    setBusy(true);
    try {
      await signIn(login.email, login.password);
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      toast.success('Welcome back!', { description: 'You have successfully logged in.' });
      navigate(target, { replace: true });
    } catch (error) {
      toast.error('Error', { description: error instanceof Error ? error.message : 'Login failed' });
    } finally {
      setBusy(false);
    }
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
            <Tabs defaultValue="login">
              <TabsList className="w-full">
                <TabsTrigger value="login" className="flex-1">Login</TabsTrigger>
                <TabsTrigger value="signup" className="flex-1">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="login">
                <form onSubmit={onLogin} className="space-y-4 pt-2" noValidate>
                  <div className="space-y-2">
                    <Label htmlFor="login-email">Email</Label>
                    <Input
                      id="login-email"
                      type="email"
                      autoComplete="email"
                      required
                      value={login.email}
                      onChange={(e) => setLogin({ ...login, email: e.target.value })}
                    />
                  </div>
                  <div className="space-y-2">
                    <Label htmlFor="login-password">Password</Label>
                    <Input
                      id="login-password"
                      type="password"
                      autoComplete="current-password"
                      required
                      value={login.password}
                      onChange={(e) => setLogin({ ...login, password: e.target.value })}
                    />
                  </div>
                  <Button type="submit" className="w-full" disabled={busy}>
                    {busy ? 'Logging in…' : 'Login'}
                  </Button>
                </form>
              </TabsContent>
              <TabsContent value="signup">
                <form onSubmit={onSignUp} className="space-y-4 pt-2" noValidate>
                  <div className="space-y-2">
                    <Label htmlFor="signup-name">Full Name</Label>
                    <Input
                      id="signup-name"
                      autoComplete="name"
                      required
                      value={register.fullName}
                      onChange={(e) => setRegister({ ...register, fullName: e.target.value })}
                    />
                  </div>
                  <div className="space-y-2">
                    <Label htmlFor="signup-phone">Phone</Label>
                    <Input
                      id="signup-phone"
                      type="tel"
                      autoComplete="tel"
                      placeholder="01XXXXXXXXX (optional)"
                      value={register.phone}
                      onChange={(e) => setRegister({ ...register, phone: e.target.value })}
                    />
                  </div>
                  <div className="space-y-2">
                    <Label htmlFor="signup-email">Email</Label>
                    <Input
                      id="signup-email"
                      type="email"
                      autoComplete="email"
                      required
                      value={register.email}
                      onChange={(e) => setRegister({ ...register, email: e.target.value })}
                    />
                  </div>
                  <div className="space-y-2">
                    <Label htmlFor="signup-password">Password</Label>
                    <Input
                      id="signup-password"
                      type="password"
                      autoComplete="new-password"
                      required
                      minLength={6}
                      aria-describedby="signup-password-hint"
                      value={register.password}
                      onChange={(e) => setRegister({ ...register, password: e.target.value })}
                    />
                    <p id="signup-password-hint" className="text-xs text-muted-foreground">
                      Password must be at least 6 characters long
                    </p>
                  </div>
                  <Button type="submit" className="w-full" disabled={busy}>
                    {busy ? 'Creating account…' : 'Sign Up'}
                  </Button>
                </form>
              </TabsContent>
            </Tabs>
            <p className="mt-6 text-center text-xs text-muted-foreground">
              By continuing, you agree to our Terms of Service and Privacy Policy.
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
