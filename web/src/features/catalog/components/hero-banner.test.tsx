import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../shared/i18n/i18n';
import { HeroBanner, type BannerSlide } from './hero-banner';

const slides: BannerSlide[] = [
  {
    id: 's1',
    title: 'Free Fire Diamonds',
    subtitle: 'Instant top-up in seconds',
    title_bn: 'ফ্রি ফায়ার ডায়মন্ড',
    subtitle_bn: 'সেকেন্ডেই টপ-আপ',
    image_url: '/seed/slide-1.svg',
    link_url: '/product/ff',
  },
  // No Bangla texts (a slide stored before them, or the admin gave none): English in Bangla too.
  { id: 's2', title: 'PUBG UC', subtitle: 'Best price', image_url: '/seed/slide-2.svg', link_url: null },
];
const show = () =>
  render(
    <MemoryRouter>
      <HeroBanner slides={slides} />
    </MemoryRouter>,
  );

describe('hero banner', () => {
  afterEach(() => {
    cleanup();
    act(() => setLocale('en'));
  });

  it("shows the admin's English texts in English", () => {
    show();
    expect(screen.getByRole('heading', { name: 'Free Fire Diamonds' })).toBeTruthy();
    expect(screen.getByText('Instant top-up in seconds')).toBeTruthy();
    expect(screen.queryByText('ফ্রি ফায়ার ডায়মন্ড')).toBeNull();
  });

  it("in Bangla shows the admin's Bangla title and subtitle, else the English ones", () => {
    act(() => setLocale('bn'));
    show();
    expect(screen.getByText('ফ্রি ফায়ার ডায়মন্ড')).toBeTruthy();
    expect(screen.getByText('সেকেন্ডেই টপ-আপ')).toBeTruthy();
    expect(screen.queryByText('Free Fire Diamonds')).toBeNull();
    expect(screen.getByText('PUBG UC')).toBeTruthy();
    expect(screen.getByText('Best price')).toBeTruthy();
    expect(screen.getAllByText('এখনই কিনুন')).toHaveLength(2);
  });
});
