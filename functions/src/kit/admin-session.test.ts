import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_HOURS, adminSessionProblem } from './admin-access';

const now = Date.parse('2026-11-27T12:00:00Z');
const secondsAgo = (s: number) => Math.floor(now / 1000) - s;

describe('an admin session', () => {
  it(`lasts ${ADMIN_SESSION_HOURS} hours from the sign-in, not from the last refresh`, () => {
    expect(adminSessionProblem(secondsAgo(60), undefined, now)).toBeUndefined();
    expect(adminSessionProblem(secondsAgo(ADMIN_SESSION_HOURS * 3600), undefined, now)).toBeUndefined();
    expect(adminSessionProblem(secondsAgo(ADMIN_SESSION_HOURS * 3600 + 1), undefined, now)).toBe('too_old');
  });

  it('does not count when it began before the authenticator app was confirmed', () => {
    const since = secondsAgo(600);
    expect(adminSessionProblem(since - 1, since, now)).toBe('before_mfa');
    expect(adminSessionProblem(since, since, now)).toBeUndefined();
    expect(adminSessionProblem(since + 5, since, now)).toBeUndefined();
  });

  it('is refused without an auth_time at all', () => {
    expect(adminSessionProblem(undefined, undefined, now)).toBe('no_auth_time');
  });
});
