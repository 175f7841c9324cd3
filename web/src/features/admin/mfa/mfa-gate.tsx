import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { refreshAdmin } from '../api';
import { isMfaRequired } from './mfa-required';
import { MfaEnrol } from './mfa-enrol';

/**
 * The dashboard as long as the API lets this admin in; once any admin call answers mfa_required
 * (no authenticator app yet), the enrol screen instead, and the dashboard again after enrolling.
 */
export function MfaGate({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [needed, setNeeded] = useState(() =>
    client
      .getQueryCache()
      .getAll()
      .some((q) => isMfaRequired(q.state.error)),
  );

  useEffect(() => {
    const queries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && isMfaRequired(event.query.state.error)) setNeeded(true);
    });
    const mutations = client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && isMfaRequired(event.mutation?.state.error)) setNeeded(true);
    });
    return () => {
      queries();
      mutations();
    };
  }, [client]);

  const enrolled = useCallback(async () => {
    // The API asks Cognito again at once (it never keeps a "no"): every admin read is retried.
    client
      .getQueryCache()
      .getAll()
      .filter((q) => isMfaRequired(q.state.error))
      .forEach((q) => q.reset());
    setNeeded(false);
    await refreshAdmin(client);
  }, [client]);

  if (needed) return <MfaEnrol onEnrolled={enrolled} />;
  return <>{children}</>;
}
