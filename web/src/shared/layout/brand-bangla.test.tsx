import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_SITE_SETTINGS } from '@khelaghor/contract/site-defaults';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/auth';
import { setLocale } from '../i18n/i18n';
import { useSeo } from '../lib/seo';
import { Footer } from './footer';
import { Header } from './header';

/** The shop's name in the Bangla chrome: header, footer and the page title say খেলাঘর. */
let settings: Record<string, unknown> = DEFAULT_SITE_SETTINGS;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/api/site')
        ? new Response(JSON.stringify({ slides: [], announcement: null, seo: [], settings }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 404 }),
    ),
  );
});

afterEach(() => {
  act(() => setLocale('en'));
  cleanup();
  vi.unstubAllGlobals();
  settings = DEFAULT_SITE_SETTINGS;
});

function Seo() {
  useSeo();
  return null;
}

const chrome = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AuthProvider>
          <Header />
          <Seo />
          <Footer />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the brand', () => {
  it('is খেলাঘর in the Bangla header, footer and title', async () => {
    act(() => setLocale('bn'));
    chrome();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByTestId('brand-name').textContent).toBe('খেলাঘর');
    expect(screen.getByRole('contentinfo').textContent).toContain('খেলাঘর');
    expect(screen.getByRole('contentinfo').textContent).not.toContain('Khelaghor');
    await waitFor(() => expect(document.title).toMatch(/^খেলাঘর:/));
  });

  it('is the English name in English', async () => {
    chrome();
    expect(screen.getByTestId('brand-name').textContent).toBe('Khelaghor');
    await waitFor(() => expect(document.title).toMatch(/^Khelaghor:/));
  });

  it('is the brand name in Bangla too when the shop has no Bangla one', async () => {
    settings = { ...DEFAULT_SITE_SETTINGS, brand_name: 'GameShop', brand_name_bn: null };
    act(() => setLocale('bn'));
    chrome();
    await waitFor(() => expect(screen.getByTestId('brand-name').textContent).toBe('GameShop'));
  });
});
