import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../shared/i18n/i18n';
import AnnouncementPopup from './announcement-popup';

type Props = {
  id: string;
  title: string;
  message: string;
  title_bn?: string | null;
  message_bn?: string | null;
};
const show = (props: Props) => render(<AnnouncementPopup {...props} />);
const welcome = { id: 'a1', title: 'Welcome', message: 'Diamonds in a minute' };

describe('announcement popup', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    act(() => setLocale('en'));
  });

  it('stays closed in a new session once closed (the device remembers it)', async () => {
    show(welcome);
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();
    // A new session: sessionStorage is gone, the device's storage is not.
    sessionStorage.clear();
    show(welcome);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a new announcement, and this one reworded, again', async () => {
    show(welcome);
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    cleanup();
    show({ ...welcome, id: 'a2' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    cleanup();
    show({ ...welcome, message: 'Now with PUBG UC' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("in Bangla shows the admin's Bangla title and message, else the English ones", async () => {
    const bangla = { title_bn: 'খেলাঘরে স্বাগতম!', message_bn: 'এক মিনিটেই ডায়মন্ড' };
    show({ ...welcome, ...bangla });
    expect(screen.getByText('Welcome')).toBeTruthy();
    act(() => setLocale('bn'));
    expect(screen.getByText('খেলাঘরে স্বাগতম!')).toBeTruthy();
    expect(screen.getByText('এক মিনিটেই ডায়মন্ড')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ঠিক আছে' })).toBeTruthy();
    cleanup();
    show({ ...welcome, id: 'a3', title_bn: 'স্বাগতম', message_bn: null });
    expect(screen.getByText('স্বাগতম')).toBeTruthy();
    expect(screen.getByText('Diamonds in a minute')).toBeTruthy();
  });

  it('closed in one language it stays closed in the other; a reworded Bangla text shows again', async () => {
    const bangla = { ...welcome, title_bn: 'স্বাগতম', message_bn: 'এক মিনিটেই ডায়মন্ড' };
    show(bangla);
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    cleanup();
    act(() => setLocale('bn'));
    show(bangla);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    show({ ...bangla, message_bn: 'এখন পাবজি ইউসি-ও' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
