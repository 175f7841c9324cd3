import { describe, expect, it } from 'vitest';
import { Refusal } from '../../domain/refusals';
import { confirmMfaEnrolment, type ConfirmMfaDeps } from './confirm-mfa';

/** The directory and the table faked at the use-case's interface: what it asks, in order. */
function fakes(opts: {
  enrolled: boolean | undefined;
  admin?: boolean;
  signOut?: 'signed_out' | 'unsupported';
}) {
  const calls: string[] = [];
  const now = new Date('2026-11-27T08:00:00Z');
  const deps: ConfirmMfaDeps = {
    hasAuthenticatorApp: async (id) => {
      calls.push(`ask ${id}`);
      return opts.enrolled;
    },
    markEnrolled: async (id, at) => {
      calls.push(`mark ${id} ${at.toISOString()}`);
      return opts.admin ?? true;
    },
    signOutEverywhere: async (id) => {
      calls.push(`sign out ${id}`);
      return opts.signOut ?? 'signed_out';
    },
    now: () => now,
  };
  return { deps, calls };
}

describe('confirming an admin authenticator app', () => {
  it('asks Cognito, records the cut, then signs every session out', async () => {
    const { deps, calls } = fakes({ enrolled: true });
    expect(await confirmMfaEnrolment(deps, 'u1')).toEqual({ signed_out: true });
    expect(calls).toEqual(['ask u1', 'mark u1 2026-11-27T08:00:00.000Z', 'sign out u1']);
  });

  it('says so where the pool cannot sign out (cognito-local); the cut is still recorded', async () => {
    const { deps, calls } = fakes({ enrolled: true, signOut: 'unsupported' });
    expect(await confirmMfaEnrolment(deps, 'u1')).toEqual({ signed_out: false });
    expect(calls).toContain('mark u1 2026-11-27T08:00:00.000Z');
  });

  it('changes nothing for a user without a verified app, or who is not an admin', async () => {
    for (const enrolled of [false, undefined]) {
      const { deps, calls } = fakes({ enrolled });
      const refusal = await confirmMfaEnrolment(deps, 'u1').catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(Refusal);
      expect((refusal as Refusal).code).toBe('mfa_required');
      expect(calls).toEqual(['ask u1']);
    }
    const { deps, calls } = fakes({ enrolled: true, admin: false });
    expect(((await confirmMfaEnrolment(deps, 'u1').catch((e: unknown) => e)) as Refusal).code).toBe(
      'forbidden',
    );
    expect(calls).not.toContain('sign out u1');
  });
});
