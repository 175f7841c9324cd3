import { KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth, type TotpSetup } from '../../../shared/auth/auth';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../shared/ui/card';
import { DigitInput } from '../../../shared/ui/digit-input';
import { Label } from '../../../shared/ui/label';
import { notifyError, notifySuccess } from '../lib/notify';
import { t, useT } from '../messages';
import { QrCode } from './qr-code';

/** Names, the same in every language. */
const APPS = 'Google Authenticator, Microsoft Authenticator, 1Password, Authy';

/** The setup key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Shown instead of the dashboard while the API answers mfa_required: add an authenticator app
 * (Cognito AssociateSoftwareToken), prove it with one code (VerifySoftwareToken), turn it on
 * (SetUserMFAPreference), then the dashboard loads again. From then on, sign-in asks for a code.
 */
export function MfaEnrol({ onEnrolled }: { onEnrolled: () => Promise<void> | void }) {
  const { user, setUpTotp, verifyTotp, signOut } = useAuth();
  const navigate = useNavigate();
  const [setup, setSetup] = useState<TotpSetup | undefined>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const tr = useT();

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await setUpTotp());
    } catch (error) {
      notifyError(error, t('couldNotStartSetup'));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6) return;
    setBusy(true);
    try {
      await verifyTotp(code);
      notifySuccess(t('authenticatorAdded'), t('authenticatorAddedDescription'));
      await onEnrolled();
    } catch (error) {
      setCode('');
      notifyError(error);
      setBusy(false);
    }
  };

  const logout = async () => {
    await signOut();
    navigate('/');
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-violet-50 to-slate-100 px-4 py-8">
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" /> {tr('mfaTitle')}
          </CardTitle>
          <CardDescription>
            {user?.email
              ? tr('mfaDescription', { email: user.email, apps: APPS })
              : tr('mfaDescriptionNoEmail', { apps: APPS })}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          {!setup ? (
            <Button className="w-full" onClick={start} disabled={busy}>
              <KeyRound aria-hidden="true" /> {busy ? tr('starting') : tr('setUpAuthenticator')}
            </Button>
          ) : (
            <>
              <ol className="list-decimal space-y-4 pl-5 text-sm">
                <li className="space-y-3">
                  <p>{tr('scanQr')}</p>
                  <div className="flex justify-center">
                    <QrCode text={setup.uri} label={tr('qrLabel')} />
                  </div>
                  <div className="space-y-1">
                    <p className="text-xs text-muted-foreground">{tr('setupKey')}</p>
                    <p
                      className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm"
                      data-testid="totp-secret"
                    >
                      {grouped(setup.secret)}
                    </p>
                  </div>
                  <details className="text-xs text-muted-foreground">
                    <summary className="cursor-pointer">otpauth URI</summary>
                    <a className="break-all font-mono underline" href={setup.uri} data-testid="totp-uri">
                      {setup.uri}
                    </a>
                  </details>
                </li>
                <li>
                  <form onSubmit={verify} className="space-y-3" noValidate>
                    <Label htmlFor="totp-verify">{tr('codeFromApp')}</Label>
                    <DigitInput
                      id="totp-verify"
                      digits="digits"
                      autoComplete="one-time-code"
                      pattern="[0-9]*"
                      maxLength={6}
                      value={code}
                      onChange={(e) => setCode(e.target.value.slice(0, 6))}
                    />
                    <Button type="submit" className="w-full" disabled={busy || code.length !== 6}>
                      {busy ? tr('checking') : tr('verifyContinue')}
                    </Button>
                  </form>
                </li>
              </ol>
            </>
          )}
          <p className="text-xs text-muted-foreground">{tr('lostPhone', { doc: 'docs/admin-mfa.md' })}</p>
          <Button variant="ghost" className="w-full" onClick={logout} disabled={busy}>
            <LogOut aria-hidden="true" /> {tr('logout')}
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
