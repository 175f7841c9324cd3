import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import AnnouncementPopup from './announcement-popup';

const show = (props: { id: string; title: string; message: string }) => render(<AnnouncementPopup {...props} />);
const welcome = { id: 'a1', title: 'Welcome', message: 'Diamonds in a minute' };

describe('announcement popup', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(cleanup);

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
});
