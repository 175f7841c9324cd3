import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestAuthProvider } from '../auth/auth';
import { currentLocale, i18n, setLocale } from './i18n';
import { adoptAccountLanguage, useLanguageOnAccount } from './use-language-on-account';

const call = vi.fn();
vi.mock('../api/client', () => ({ call: (...args: unknown[]) => call(...args) }));

let accountLanguage: 'bn' | 'en' | null;
beforeEach(() => {
  accountLanguage = 'bn';
  call.mockImplementation(async (name: string, req?: { body: { language: 'bn' | 'en' } }) => {
    if (name === 'getMe') return { id: 'u1', email: 'a@b.c', balance: 0, language: accountLanguage };
    if (name === 'putLanguage') {
      accountLanguage = req!.body.language;
      return { language: accountLanguage, message: 'Saved' };
    }
    throw new Error(`unexpected call ${name}`);
  });
  // The buyer has just signed in (the sign-in page says so).
  adoptAccountLanguage();
});
afterEach(() => {
  cleanup();
  call.mockReset();
  i18n.activate('en');
});

function Coordinator() {
  useLanguageOnAccount();
  return null;
}
const signedIn = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <TestAuthProvider value={{ user: { userId: 'u1', email: 'a@b.c', isAdmin: false, groups: [] } }}>
      {children}
    </TestAuthProvider>
  </QueryClientProvider>
);
const puts = () => call.mock.calls.filter(([name]) => name === 'putLanguage');

describe("the account's language", () => {
  it("follows the buyer to another browser: after sign-in the account's language is applied, not overwritten", async () => {
    // This browser is in English (its own language); the account was left in Bangla elsewhere.
    expect(currentLocale()).toBe('en');
    render(signedIn(<Coordinator />));
    await waitFor(() => expect(currentLocale()).toBe('bn'));
    expect(puts()).toEqual([]);
    expect(accountLanguage).toBe('bn');
  });

  it('is saved to the account when the buyer switches while signed in', async () => {
    render(signedIn(<Coordinator />));
    await waitFor(() => expect(currentLocale()).toBe('bn'));
    act(() => setLocale('en'));
    await waitFor(() => expect(puts()).toEqual([['putLanguage', { body: { language: 'en' } }]]));
    expect(currentLocale()).toBe('en');
    // Back from the dashboard (the menu mounts again): the switch stays.
    cleanup();
    render(signedIn(<Coordinator />));
    await waitFor(() => expect(call.mock.calls.filter(([n]) => n === 'getMe').length).toBeGreaterThan(1));
    expect(currentLocale()).toBe('en');
  });

  it('a reload with the session kept (no sign-in) keeps the language just switched, and saves it', async () => {
    // Switched to English just before the reload: the account may still say Bangla.
    render(signedIn(<Coordinator />));
    await waitFor(() => expect(currentLocale()).toBe('bn'));
    cleanup();
    act(() => setLocale('en'));
    render(signedIn(<Coordinator />));
    await waitFor(() => expect(puts()).toEqual([['putLanguage', { body: { language: 'en' } }]]));
    expect(currentLocale()).toBe('en');
  });

  it("takes the page's language for an account that has none yet", async () => {
    accountLanguage = null;
    render(signedIn(<Coordinator />));
    await waitFor(() => expect(puts()).toEqual([['putLanguage', { body: { language: 'en' } }]]));
    expect(currentLocale()).toBe('en');
  });
});
