import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider, type AuthContextValue } from '../../shared/auth/auth';
import AuthPage from './auth-page';

vi.mock('../../shared/api/client', async () => {
  const actual = await vi.importActual<typeof import('../../shared/api/client')>('../../shared/api/client');
  return { ...actual, call: vi.fn(() => new Promise(() => {})), setTokenSource: vi.fn() };
});

function renderPage(auth: Partial<AuthContextValue>, path = '/auth') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TestAuthProvider value={auth}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
            <Route path="/" element={<p>home page</p>} />
          </Routes>
        </MemoryRouter>
      </TestAuthProvider>
    </QueryClientProvider>,
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
