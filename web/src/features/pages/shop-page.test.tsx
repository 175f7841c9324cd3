import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../shared/i18n/i18n';
import ShopPage from './shop-page';

const faqPage = {
  slug: 'faq',
  title: 'Frequently Asked Questions',
  title_bn: null,
  body: 'Answers to common questions.',
  body_bn: 'সাধারণ প্রশ্নের উত্তর।',
  faq: [{ question: 'How fast is delivery?', answer: 'Under a minute.' }],
  faq_bn: [{ question: 'ডেলিভারি কত দ্রুত?', answer: 'এক মিনিটের মধ্যে।' }],
  updated_at: '2026-11-20T10:00:00.000Z',
};
const termsPage = { ...faqPage, slug: 'terms', title: 'Our Terms', body_bn: '', faq: [], faq_bn: [] };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.includes('/api/pages/')) return new Response('{}', { status: 404 });
      const page = url.endsWith('/api/pages/faq') ? faqPage : termsPage;
      return new Response(JSON.stringify({ page }), { headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  act(() => setLocale('en'));
  cleanup();
  vi.unstubAllGlobals();
});

const show = (slug: 'faq' | 'terms') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ShopPage slug={slug} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('shop page', () => {
  it('shows the English page', async () => {
    show('faq');
    expect(await screen.findByText('Answers to common questions.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(screen.getByText('How fast is delivery?')).toBeTruthy();
  });

  it("in Bangla: the admin's Bangla body and questions, the default title in Bangla, a Bangla date", async () => {
    act(() => setLocale('bn'));
    show('faq');
    expect(await screen.findByText('সাধারণ প্রশ্নের উত্তর।')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'সাধারণ জিজ্ঞাসা' })).toBeTruthy();
    expect(screen.getByText('ডেলিভারি কত দ্রুত?')).toBeTruthy();
    expect(screen.getByText(/^সর্বশেষ আপডেট: .*২০২৬/)).toBeTruthy();
  });

  it("in Bangla without a Bangla version: the admin's English title and text", async () => {
    act(() => setLocale('bn'));
    show('terms');
    expect(await screen.findByText('Answers to common questions.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Our Terms' })).toBeTruthy();
  });
});
