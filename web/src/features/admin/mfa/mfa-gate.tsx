import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { call } from '../../../shared/api/client';
import { useAuth } from '../../../shared/auth/auth';
import { notifyError } from '../lib/notify';
import { isMfaRequired, isSignInAgain } from './mfa-required';
import { MfaEnrol } from './mfa-enrol';

/**
 * The dashboard as long as the API lets this admin in; once any admin call answers mfa_required
 * (no authenticator app yet), the enrol screen instead. After enrolling, the API is told
 * (adminConfirmMfa): every session signed in before the app, this one too, stops opening admin
 * routes (Cognito signs them all out on AWS), so the admin signs in again with the app's code.
 * An admin call answered admin_sign_in_again (the session is older than 8 hours, or from before
 * the app) signs out at once with the API's message: refreshing the token cannot help.
 */
export function MfaGate({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const { signOut } = useAuth();
  const [needed, setNeeded] = useState(() =>
    client
      .getQueryCache()
      .getAll()
      .some((q) => isMfaRequired(q.state.error)),
  );

  useEffect(() => {
    let signingOut = false;
    const seen = (error: unknown) => {
      if (isMfaRequired(error)) setNeeded(true);
      if (isSignInAgain(error) && !signingOut) {
        signingOut = true;
        notifyError(error);
        client.clear();
        void signOut();
      }
    };
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') seen(event.query.state.error);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated') seen(event.mutation?.state.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client, signOut]);

  const enrolled = useCallback(async () => {
    await call('adminConfirmMfa', {});
    client.clear();
    // Signed out, the admin guard sends the admin to sign in (password, then the app's code).
    await signOut();
  }, [client, signOut]);

  if (needed) return <MfaEnrol onEnrolled={enrolled} />;
  return <>{children}</>;
}
