import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { TestAuthProvider, type AuthContextValue, type AuthUser } from '../../shared/auth/auth';
import { i18n, setLocale } from '../../shared/i18n/i18n';
import { RequireAuth } from '../../shared/layout/require-auth';
import { signInState } from '../../shared/auth/return-path';
import AuthPage from './auth-page';

vi.mock('../../shared/api/client', async () => {
  const actual = await vi.importActual<typeof import('../../shared/api/client')>('../../shared/api/client');
  return { ...actual, call: vi.fn(() => new Promise(() => {})), setTokenSource: vi.fn() };
});

function renderPage(
  auth: Partial<AuthContextValue>,
  path: string | { pathname: string; state: unknown } = '/auth',
) {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <TestAuthProvider value={auth}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/auth" element={<AuthPage />} />
              <Route path="/" element={<p>home page</p>} />
              <Route path="/my-orders" element={<p>my orders page</p>} />
            </Routes>
          </MemoryRouter>
        </TestAuthProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

async function logIn(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), 'Admin@12345');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('sign-in with an authenticator app', () => {
  afterEach(cleanup);

  it('asks an admin with an app for its code and signs in with it', async () => {
    const signIn = vi.fn(async () => 'totp' as const);
    const confirmSignIn = vi.fn(async () => {});
    renderPage({ signIn, confirmSignIn });
    await logIn('admin@khelaghor.local');

    const code = await screen.findByLabelText('Authenticator code');
    expect(signIn).toHaveBeenCalledWith('admin@khelaghor.local', 'Admin@12345');
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect((verify as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(code, '12 34-56');
    expect((code as HTMLInputElement).value).toBe('123456');
    await userEvent.click(verify);
    await waitFor(() => expect(confirmSignIn).toHaveBeenCalledWith('123456'));
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('signs a customer in with the password alone (no code step)', async () => {
    const confirmSignIn = vi.fn(async () => {});
    renderPage({ signIn: vi.fn(async () => 'done' as const), confirmSignIn });
    await logIn('player@example.com');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    expect(confirmSignIn).not.toHaveBeenCalled();
  });

  it('a wrong code keeps the code step and clears the field', async () => {
    const confirmSignIn = vi.fn(async () => {
      throw new Error('That code is not right');
    });
    renderPage({ signIn: vi.fn(async () => 'totp' as const), confirmSignIn });
    await logIn('admin@khelaghor.local');
    const code = await screen.findByLabelText('Authenticator code');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(confirmSignIn).toHaveBeenCalled());
    expect(((await screen.findByLabelText('Authenticator code')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('home page')).toBeNull();
  });
});

describe('where sign-in goes', () => {
  afterEach(cleanup);
  const signIn = vi.fn(async () => 'done' as const);

  it('goes to / from the header Login (the spec)', async () => {
    renderPage({ signIn });
    await logIn('player@example.com');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('goes back to the page that sent the buyer to sign in during this visit', async () => {
    renderPage({ signIn }, { pathname: '/auth', state: signInState('/my-orders?x=1') });
    await logIn('player@example.com');
    expect(await screen.findByText('my orders page')).toBeTruthy();
  });

  it('goes back to a signed-in page the buyer opened signed out', async () => {
    function Session() {
      const [user, setUser] = useState<AuthUser>();
      const auth = {
        user,
        signIn: async () => {
          setUser({ userId: 'u1', email: 'player@example.com', isAdmin: false, groups: [] });
          return 'done' as const;
        },
      };
      return (
        <QueryClientProvider client={new QueryClient()}>
          <TestAuthProvider value={auth}>
            <MemoryRouter initialEntries={['/my-codes']}>
              <Routes>
                <Route path="/auth" element={<AuthPage />} />
                <Route path="/" element={<p>home page</p>} />
                <Route element={<RequireAuth />}>
                  <Route path="/my-codes" element={<p>my codes page</p>} />
                </Route>
              </Routes>
            </MemoryRouter>
          </TestAuthProvider>
        </QueryClientProvider>
      );
    }
    render(<Session />);
    await logIn('player@example.com');
    expect(await screen.findByText('my codes page')).toBeTruthy();
  });

  it('goes to / for a page that asked in an earlier visit (router state the browser kept)', async () => {
    // A restored tab or an old history entry: the state is there, but from another load of the app.
    renderPage({ signIn }, { pathname: '/auth', state: { from: '/my-orders' } });
    await logIn('player@example.com');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(screen.queryByText('my orders page')).toBeNull();
  });
});

describe('the tab a link asks for', () => {
  afterEach(cleanup);

  it("opens Sign Up for the header's Register (/auth?tab=signup)", () => {
    renderPage({}, '/auth?tab=signup');
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Full Name')).toBeTruthy();
  });

  it('opens Login for /auth', () => {
    renderPage({});
    expect(screen.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByLabelText('Full Name')).toBeNull();
  });
});

describe('in Bangla', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('en'));
  });

  it('shows the forms, the terms sentence with its links and the sign-in in Bangla, and switches back', async () => {
    const signIn = vi.fn(async () => 'done' as const);
    act(() => setLocale('bn'));
    renderPage({ signIn });
    expect(screen.getByRole('tab', { name: 'লগইন' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'সেবার শর্তাবলি' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'গোপনীয়তা নীতি' }).getAttribute('href')).toBe('/privacy');
    await userEvent.type(screen.getByLabelText('ইমেইল'), 'player@example.com');
    await userEvent.type(screen.getByLabelText('পাসওয়ার্ড'), 'secret123');
    act(() => setLocale('en'));
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeTruthy();
    act(() => setLocale('bn'));
    await userEvent.click(screen.getByRole('button', { name: 'লগইন' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('player@example.com', 'secret123'));
  });
});
