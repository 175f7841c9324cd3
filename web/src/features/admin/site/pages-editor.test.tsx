import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PagesSection from './pages';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const callMock = (await import('../test-api-mock')).call;

afterEach(cleanup);

const stored = (
  slug: string,
  opts: {
    title?: string;
    body?: string;
    faq?: { question: string; answer: string }[];
    title_bn?: string | null;
    faq_bn?: { question: string; answer: string }[];
  } = {},
) => ({
  page: {
    slug,
    title: opts.title ?? 'Refund Policy',
    body: opts.body ?? 'Codes are final.',
    faq: opts.faq ?? [],
    title_bn: opts.title_bn ?? null,
    body_bn: '',
    faq_bn: opts.faq_bn ?? [],
    updated_at: null,
  },
});

describe('Pages (admin)', () => {
  it('loads a page, refuses an empty title without sending, and saves with the toast', async () => {
    callMock.mockImplementation(async (name: string, opts: { params: { slug: string }; body?: unknown }) =>
      name === 'adminGetPage'
        ? stored(opts.params.slug)
        : { page: { ...stored(opts.params.slug).page, ...(opts.body as object) }, message: 'Page saved' },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PagesSection />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Refund Policy' }));
    const title = screen.getByLabelText('Title') as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Refund Policy'));
    expect(callMock).toHaveBeenCalledWith(
      'adminGetPage',
      expect.objectContaining({ params: { slug: 'refund' } }),
    );

    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save Refund Policy' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(callMock.mock.calls.map((c) => c[0])).not.toContain('adminPutPage');

    await userEvent.type(title, 'Refunds');
    const text = screen.getByLabelText('Text');
    await userEvent.clear(text);
    await userEvent.type(text, 'Invalid codes only.{enter}{enter}- Refunds go to the wallet');
    await userEvent.click(screen.getByRole('button', { name: 'Save Refund Policy' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminPutPage', {
        params: { slug: 'refund' },
        body: {
          title: 'Refunds',
          body: 'Invalid codes only.\n\n- Refunds go to the wallet',
          faq: [],
          title_bn: null,
          body_bn: '',
          faq_bn: [],
        },
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Page saved', undefined));
  });

  it('reads the page through the admin route, not the edge-cached public one', async () => {
    callMock.mockReset();
    // The public answer is the edge's copy from before the last save; the admin route is the table.
    callMock.mockImplementation(async (name: string, opts: { params: { slug: string } }) =>
      name === 'getPage'
        ? stored(opts.params.slug, { body: 'Old text from the edge.' })
        : stored(opts.params.slug, { body: 'Saved a moment ago.' }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PagesSection />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Refund Policy' }));
    const text = screen.getByLabelText('Text') as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toBe('Saved a moment ago.'));
    expect(callMock.mock.calls.map((c) => c[0])).not.toContain('getPage');
  });

  it('edits the FAQ as question/answer pairs', async () => {
    callMock.mockReset();
    callMock.mockImplementation(async (name: string, opts: { params: { slug: string }; body?: unknown }) =>
      name === 'adminGetPage'
        ? stored(opts.params.slug, {
            title: 'FAQ',
            body: '',
            faq: [{ question: 'How fast?', answer: 'Seconds.' }],
          })
        : { page: { ...stored('faq').page, ...(opts.body as object) }, message: 'Page saved' },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PagesSection />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Frequently Asked Questions' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Question 1') as HTMLInputElement).value).toBe('How fast?'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.type(screen.getByLabelText('Question 2'), 'Refunds?');
    await userEvent.click(screen.getByRole('button', { name: 'Save Frequently Asked Questions' }));
    expect(await screen.findByText('Answer is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Answer 2'), 'To the wallet.');
    await userEvent.click(screen.getByRole('button', { name: 'Save Frequently Asked Questions' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminPutPage', {
        params: { slug: 'faq' },
        body: {
          title: 'FAQ',
          body: '',
          faq: [
            { question: 'How fast?', answer: 'Seconds.' },
            { question: 'Refunds?', answer: 'To the wallet.' },
          ],
          title_bn: null,
          body_bn: '',
          faq_bn: [],
        },
      }),
    );
  });

  it('keeps a Bangla version of the page beside the English one and saves both with one PUT', async () => {
    callMock.mockReset();
    callMock.mockImplementation(async (name: string, opts: { params: { slug: string }; body?: unknown }) =>
      name === 'adminGetPage'
        ? stored(opts.params.slug, {
            title: 'FAQ',
            body: '',
            faq: [{ question: 'How fast?', answer: 'Seconds.' }],
            title_bn: 'সাধারণ প্রশ্ন',
          })
        : { page: { ...stored('faq').page, ...(opts.body as object) }, message: 'Page saved' },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PagesSection />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Frequently Asked Questions' }));
    const titleBn = screen.getByLabelText('Title (Bangla)') as HTMLInputElement;
    await waitFor(() => expect(titleBn.value).toBe('সাধারণ প্রশ্ন'));
    await userEvent.type(screen.getByLabelText('Introduction (Bangla, optional)'), 'কোড কয়েক সেকেন্ডে আসে।');
    await userEvent.click(screen.getByRole('button', { name: 'Add Bangla question' }));
    await userEvent.type(screen.getByLabelText('Question 1 (Bangla)'), 'কত দ্রুত?');
    await userEvent.click(screen.getByRole('button', { name: 'Save Frequently Asked Questions' }));
    expect(await screen.findByText('Answer is required')).toBeTruthy();
    expect(callMock.mock.calls.map((c) => c[0])).not.toContain('adminPutPage');
    await userEvent.type(screen.getByLabelText('Answer 1 (Bangla)'), 'কয়েক সেকেন্ডে।');
    await userEvent.click(screen.getByRole('button', { name: 'Save Frequently Asked Questions' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('adminPutPage', {
        params: { slug: 'faq' },
        body: {
          title: 'FAQ',
          body: '',
          faq: [{ question: 'How fast?', answer: 'Seconds.' }],
          title_bn: 'সাধারণ প্রশ্ন',
          body_bn: 'কোড কয়েক সেকেন্ডে আসে।',
          faq_bn: [{ question: 'কত দ্রুত?', answer: 'কয়েক সেকেন্ডে।' }],
        },
      }),
    );
  });
});
