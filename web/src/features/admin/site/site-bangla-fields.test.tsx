import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../shared/i18n/i18n';
import AnnouncementsSection from './announcements';
import HeroSection from './hero';
import bn from '../settings/i18n/bn.json';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const { call: callMock, resetAfterEach } = await import('../test-api-mock');

resetAfterEach(() => act(() => setLocale('en')));

const withQueries = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

const SLIDE = {
  id: 's1',
  title: 'Free Fire Diamonds',
  subtitle: 'Instant top-up in seconds',
  title_bn: 'ফ্রি ফায়ার ডায়মন্ড',
  subtitle_bn: null,
  image_url: '/seed/slide-1.svg',
  link_url: null,
  is_active: true,
  display_order: 0,
  created_at: '2025-01-01T00:00:00.000Z',
};

/** The body the form sent with `name` (create or update). */
const sent = (name: string) => callMock.mock.calls.find(([n]) => n === name)?.[1];

describe('Bangla texts of slides and announcements in the admin', () => {
  it('a new slide sends its Bangla title and subtitle', async () => {
    callMock.mockImplementation(async (name: string, req: { body: object }) =>
      name === 'adminListSlides' ? { items: [] } : { slide: { ...SLIDE, ...req.body }, message: 'ok' },
    );
    withQueries(<HeroSection />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Slider' }));
    await userEvent.type(await screen.findByLabelText('Title'), 'Free Fire Diamonds');
    await userEvent.type(screen.getByLabelText('Title (Bangla)'), 'ফ্রি ফায়ার ডায়মন্ড');
    await userEvent.type(screen.getByLabelText('Subtitle (Bangla)'), 'সেকেন্ডেই টপ-আপ');
    await userEvent.type(screen.getByLabelText('Image URL'), '/seed/slide-1.svg');
    await userEvent.click(screen.getByRole('button', { name: 'Create Slider' }));
    await waitFor(() => expect(sent('adminCreateSlide')).toBeTruthy());
    expect(sent('adminCreateSlide').body).toMatchObject({
      title: 'Free Fire Diamonds',
      title_bn: 'ফ্রি ফায়ার ডায়মন্ড',
      subtitle_bn: 'সেকেন্ডেই টপ-আপ',
    });
  });

  it('editing a slide shows its Bangla title, and an emptied field is sent as none', async () => {
    callMock.mockImplementation(async (name: string) =>
      name === 'adminListSlides' ? { items: [SLIDE] } : { slide: SLIDE, message: 'ok' },
    );
    withQueries(<HeroSection />);
    await userEvent.click(await screen.findByRole('button', { name: /edit/i }));
    const titleBn = await screen.findByLabelText('Title (Bangla)');
    expect((titleBn as HTMLInputElement).value).toBe('ফ্রি ফায়ার ডায়মন্ড');
    await userEvent.clear(titleBn);
    await userEvent.click(screen.getByRole('button', { name: 'Update Slider' }));
    await waitFor(() => expect(sent('adminUpdateSlide')).toBeTruthy());
    expect(sent('adminUpdateSlide')).toMatchObject({
      params: { id: 's1' },
      body: { title: 'Free Fire Diamonds', title_bn: null, subtitle_bn: null },
    });
  });

  it('a new announcement sends its Bangla title and message; the labels are Bangla in Bangla', async () => {
    act(() => setLocale('bn'));
    callMock.mockImplementation(async (name: string, req: { body: object }) =>
      name === 'adminListAnnouncements'
        ? { items: [] }
        : { announcement: { id: 'a1', ...req.body, created_at: SLIDE.created_at }, message: 'ok' },
    );
    withQueries(<AnnouncementsSection />);
    await userEvent.click(screen.getByRole('button', { name: bn.addPopup }));
    await userEvent.type(await screen.findByLabelText(bn.title), 'Welcome to Khelaghor!');
    await userEvent.type(screen.getByLabelText(bn.message), 'Codes in seconds.');
    await userEvent.type(screen.getByLabelText(bn.titleBn), 'খেলাঘরে স্বাগতম!');
    await userEvent.type(screen.getByLabelText(bn.messageBn), 'কয়েক সেকেন্ডেই কোড।');
    await userEvent.click(screen.getByRole('button', { name: bn.createAnnouncement }));
    await waitFor(() => expect(sent('adminCreateAnnouncement')).toBeTruthy());
    expect(sent('adminCreateAnnouncement').body).toMatchObject({
      title: 'Welcome to Khelaghor!',
      message: 'Codes in seconds.',
      title_bn: 'খেলাঘরে স্বাগতম!',
      message_bn: 'কয়েক সেকেন্ডেই কোড।',
    });
  });
});
