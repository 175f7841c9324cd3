import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider, type AuthContextValue } from '../../shared/auth/auth';
import { signInState } from '../../shared/auth/return-path';
import { i18n } from '../../shared/i18n/i18n';
import AuthPage from './auth-page';

vi.mock('../../shared/api/client', async () => {
  const actual = await vi.importActual<typeof import('../../shared/api/client')>('../../shared/api/client');
  return { ...actual, call: vi.fn(() => new Promise(() => {})), setTokenSource: vi.fn() };
});
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../shared/ui/sonner', () => ({
  toast: { ...toasts, info: vi.fn(), warning: vi.fn(), message: vi.fn() },
}));

function renderPage(auth: Partial<AuthContextValue>) {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <TestAuthProvider value={auth}>
          <MemoryRouter initialEntries={[{ pathname: '/auth', state: signInState('/wallet') }]}>
            <Routes>
              <Route path="/auth" element={<AuthPage />} />
              <Route path="/wallet" element={<p>wallet page</p>} />
            </Routes>
          </MemoryRouter>
        </TestAuthProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

async function signUpAs(email: string, password = 'secret123') {
  await userEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
  await userEvent.type(screen.getByLabelText('Full Name'), 'Rahim Uddin');
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

beforeEach(() => {
  toasts.success.mockReset();
  toasts.error.mockReset();
});
afterEach(cleanup);

describe('verify your email', () => {
  it('after Sign Up: the spec toast, the code form, then signed in with the kept password and on to the page', async () => {
    const signUp = vi.fn(async () => ({ signedIn: false, confirmEmail: true }));
    const confirmSignUp = vi.fn(async () => {});
    const signIn = vi.fn(async () => 'done' as const);
    renderPage({ signUp, confirmSignUp, signIn });
    await signUpAs('rahim@example.com');

    const code = await screen.findByLabelText('Verification code');
    expect(toasts.success).toHaveBeenCalledWith('Success!', {
      description: 'Account created successfully! Please check your email to verify your account.',
    });
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText('rahim@example.com')).toBeTruthy();
    const verify = screen.getByRole('button', { name: 'Verify email' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    await userEvent.type(code, '12 34-56');
    expect((code as HTMLInputElement).value).toBe('123456');
    await userEvent.click(verify);

    expect(await screen.findByText('wallet page')).toBeTruthy();
    expect(confirmSignUp).toHaveBeenCalledWith('rahim@example.com', '123456');
    expect(signIn).toHaveBeenCalledWith('rahim@example.com', 'secret123');
  });

  it('a wrong code keeps the form, clears the field and says why; Resend code asks for a new one', async () => {
    const confirmSignUp = vi.fn(async () => {
      throw new Error('That code is not right');
    });
    const resendSignUpCode = vi.fn(async () => {});
    const signIn = vi.fn(async () => 'done' as const);
    renderPage({
      signUp: async () => ({ signedIn: false, confirmEmail: true }),
      confirmSignUp,
      resendSignUpCode,
      signIn,
    });
    await signUpAs('karim@example.com');
    await userEvent.type(await screen.findByLabelText('Verification code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Error', { description: 'That code is not right' }),
    );
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');
    expect(signIn).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(resendSignUpCode).toHaveBeenCalledWith('karim@example.com'));
    expect(toasts.success).toHaveBeenCalledWith('Code sent', {
      description: 'We sent a new code to karim@example.com.',
    });
  });

  it('a login with the right password on an unverified account opens the same form', async () => {
    const signIn = vi.fn(async () => 'confirm-sign-up' as const);
    renderPage({ signIn });
    await userEvent.type(screen.getByLabelText('Email'), 'late@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByLabelText('Verification code')).toBeTruthy();
    expect(screen.getByText(/Your email is not verified yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('late@example.com');
  });
});

describe('forgot password', () => {
  it('email, then the code and a new password of 6 or more; back to Login with the email filled', async () => {
    const resetPassword = vi.fn(async () => {});
    const confirmResetPassword = vi.fn(async () => {});
    renderPage({ resetPassword, confirmResetPassword });
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(toasts.error).toHaveBeenCalledWith('Error', { description: 'Please enter a valid email address' });
    expect(resetPassword).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'Rahim@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const code = await screen.findByLabelText('Reset code');
    expect(resetPassword).toHaveBeenCalledWith('Rahim@Example.com');
    expect(toasts.success).toHaveBeenCalledWith('Check your email', {
      description: 'If Rahim@Example.com has an account, we sent it a code.',
    });

    await userEvent.type(code, '654321');
    await userEvent.type(screen.getByLabelText('New password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(toasts.error).toHaveBeenCalledWith('Error', {
      description: 'Password must be at least 6 characters long',
    });
    expect(confirmResetPassword).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('New password'), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(confirmResetPassword).toHaveBeenCalledWith('Rahim@Example.com', '654321', '123456'),
    );
    expect(toasts.success).toHaveBeenCalledWith('Password changed', {
      description: 'Log in with your new password.',
    });
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('Rahim@Example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBeTruthy();
  });

  it('Resend code asks for another reset code; a failed reset keeps the form', async () => {
    const resetPassword = vi.fn(async () => {});
    const confirmResetPassword = vi.fn(async () => {
      throw new Error('That code has expired: ask for a new one.');
    });
    renderPage({ resetPassword, confirmResetPassword });
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    // The email typed on the Login tab comes along.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('a@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(resetPassword).toHaveBeenCalledTimes(2));
    await userEvent.type(screen.getByLabelText('Reset code'), '111111');
    await userEvent.type(screen.getByLabelText('New password'), 'newpass1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Error', {
        description: 'That code has expired: ask for a new one.',
      }),
    );
    expect(screen.getByLabelText('Reset code')).toBeTruthy();
  });
});
