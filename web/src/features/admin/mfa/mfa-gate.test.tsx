import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../../shared/api/client';
import { TestAuthProvider, type AuthContextValue } from '../../../shared/auth/auth';
import { useAdminGet } from '../hooks/use-admin-queries';
import { MfaGate } from './mfa-gate';

vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({
  toast: Object.assign(vi.fn(), { error: toastError, success: vi.fn(), info: vi.fn() }),
}));

const callMock = vi.mocked(call);
const mfaRequired = new ApiError(
  403,
  'mfa_required',
  'Admin accounts need two-step sign-in with an authenticator app',
);

function Dashboard() {
  const stats = useAdminGet('adminStats');
  return <p>{stats.data ? 'dashboard loaded' : 'loading dashboard'}</p>;
}

function renderGate(auth: Partial<AuthContextValue>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TestAuthProvider
        value={{
          user: { userId: 'a1', email: 'admin@example.com', isAdmin: true, groups: ['admin'] },
          ...auth,
        }}
      >
        <MemoryRouter>
          <MfaGate>
            <Dashboard />
          </MfaGate>
        </MemoryRouter>
      </TestAuthProvider>
    </QueryClientProvider>,
  );
}

describe('MfaGate', () => {
  beforeEach(() => {
    callMock.mockReset();
    toastError.mockClear();
  });
  afterEach(cleanup);

  it('shows the dashboard when the API lets the admin in', async () => {
    callMock.mockResolvedValue({});
    renderGate({});
    expect(await screen.findByText('dashboard loaded')).toBeTruthy();
    expect(screen.queryByText('Set up two-step sign-in')).toBeNull();
  });

  it('on mfa_required: the enrol screen (key, URI), verify with a code, confirm it to the API, then sign in again', async () => {
    let enrolled = false;
    callMock.mockImplementation(async (name) => {
      if (!enrolled) throw mfaRequired;
      return name === 'adminConfirmMfa' ? { signed_out: true } : {};
    });
    const signOut = vi.fn(async () => {});
    const setUpTotp = vi.fn(async () => ({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Khelaghor:admin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Khelaghor',
    }));
    const verifyTotp = vi.fn(async () => {
      enrolled = true;
    });
    renderGate({ setUpTotp, verifyTotp, signOut });

    expect(await screen.findByText('Set up two-step sign-in')).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled(); // the screen says it, not a toast
    await userEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(screen.getByTestId('totp-uri').getAttribute('href')).toMatch(/^otpauth:\/\/totp\/Khelaghor:/);
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Code from the app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await waitFor(() => expect(verifyTotp).toHaveBeenCalledWith('654321'));
    // The API cuts the sessions from before the app; this one signs out to sign in with the code.
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    expect(callMock).toHaveBeenCalledWith('adminConfirmMfa', {});
    expect(callMock.mock.invocationCallOrder.at(-1)).toBeLessThan(signOut.mock.invocationCallOrder[0]!);
  });

  it('an admin session the API calls too old signs out with its message', async () => {
    callMock.mockRejectedValue(
      new ApiError(
        401,
        'unauthorized',
        'Please sign in again to use the admin dashboard',
        undefined,
        undefined,
        {
          reason: 'admin_sign_in_again',
          params: { hours: 8 },
        },
      ),
    );
    const signOut = vi.fn(async () => {});
    renderGate({ signOut });
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(toastError).toHaveBeenCalled();
    expect(screen.queryByText('dashboard loaded')).toBeNull();
  });

  it('a wrong code stays on the enrol screen with a toast', async () => {
    callMock.mockRejectedValue(mfaRequired);
    const verifyTotp = vi.fn(async () => {
      throw new Error('That code is not right');
    });
    renderGate({ verifyTotp });
    await userEvent.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    await userEvent.type(await screen.findByLabelText('Code from the app'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    expect(screen.getByText('Set up two-step sign-in')).toBeTruthy();
    expect((screen.getByLabelText('Code from the app') as HTMLInputElement).value).toBe('');
  });
});
