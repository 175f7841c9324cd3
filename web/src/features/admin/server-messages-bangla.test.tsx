import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/client';
import { setLocale } from '../../shared/i18n/i18n';
import { notifyGrantError } from './grant-admin-page';
import { localizeFieldMessage } from './lib/schema-form';
import { testAnswer } from './api-setup/api-setup';
import AnnouncementsSection from './site/announcements';
import bn from './settings/i18n/bn.json';

vi.mock('sonner', () => import('./test-sonner-mock'));
vi.mock('../../shared/api/client', () => import('./test-api-mock'));
const { call: callMock, resetAfterEach } = await import('./test-api-mock');

resetAfterEach(() => {
  vi.mocked(toast.error).mockReset();
  act(() => setLocale('en'));
});

/** A 400 as the API sends it: English texts, one field with its reason, one without. */
const refused = () =>
  new ApiError(
    400,
    'validation',
    'Validation failed',
    { title: 'Title is required', message: 'Must be at most 2000 characters' },
    undefined,
    { reason: 'invalid_request', fieldReasons: { title: { reason: 'title_required' } } },
  );

/** The popups section, whose every save the API refuses as `refused()` says. */
function renderRefusingForm() {
  callMock.mockImplementation(async (name: string) => {
    if (name === 'adminListAnnouncements') return { items: [] };
    throw refused();
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AnnouncementsSection />
    </QueryClientProvider>,
  );
}

describe("the server's texts in Bangla", () => {
  it("a create form shows the server's field messages in Bangla", async () => {
    act(() => setLocale('bn'));
    renderRefusingForm();
    await userEvent.click(screen.getByRole('button', { name: bn.addPopup }));
    await userEvent.type(await screen.findByLabelText(bn.title), 'Eid offer');
    await userEvent.type(screen.getByLabelText(bn.message), 'Diamonds at half price');
    await userEvent.click(screen.getByRole('button', { name: bn.createAnnouncement }));

    expect(await screen.findByText('শিরোনাম দিতে হবে')).toBeTruthy();
    // No reason came with it: found by its English text in the API's catalogue.
    expect(screen.getByText('সর্বোচ্চ ২,০০০ অক্ষর লেখা যাবে')).toBeTruthy();
    expect(screen.queryByText('Title is required')).toBeNull();
  });

  it("the same form in English keeps the server's texts", async () => {
    renderRefusingForm();
    await userEvent.click(screen.getByRole('button', { name: 'Add Popup' }));
    await userEvent.type(await screen.findByLabelText('Title'), 'Eid offer');
    await userEvent.type(screen.getByLabelText('Message'), 'Diamonds at half price');
    await userEvent.click(screen.getByRole('button', { name: 'Create Announcement' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Must be at most 2000 characters')).toBeTruthy();
  });

  it("'Already Admin' by its reason, in either language", async () => {
    const already = new ApiError(
      409,
      'conflict',
      'Already Admin: This user already has admin privileges',
      undefined,
      undefined,
      { reason: 'already_admin' },
    );
    notifyGrantError(already);
    expect(toast.error).toHaveBeenLastCalledWith('Already Admin', {
      description: 'This user already has admin privileges',
    });
    act(() => setLocale('bn'));
    notifyGrantError(already);
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('আগেই অ্যাডমিন', {
        description: 'এই ইউজারের আগে থেকেই অ্যাডমিন অ্যাক্সেস আছে',
      }),
    );
  });

  it('the gateway test and contract field texts without a reason', () => {
    expect(testAnswer('The gateway answered HTTP 502')).toBe('The gateway answered HTTP 502');
    act(() => setLocale('bn'));
    expect(testAnswer('Connected to the payment gateway')).toBe('পেমেন্ট গেটওয়ের সাথে সংযোগ হয়েছে');
    expect(testAnswer('The gateway answered HTTP 502 without JSON (check the base URL)')).toBe(
      'গেটওয়ে JSON ছাড়া HTTP 502 উত্তর দিয়েছে (বেস URL ঠিক আছে কি না দেখুন)',
    );
    expect(testAnswer('Some new answer')).toBe('Some new answer');
    expect(localizeFieldMessage('Please enter a valid email')).toBe('সঠিক ইমেইল দিন');
  });
});
