import type { Slide } from '@khelaghor/contract/schemas/catalog';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { localized } from '../../../shared/i18n/content';
import { cn } from '../../../shared/lib/utils';
import { useFormat } from '../../../shared/i18n/format';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useT } from '../messages';

/** A hero slide as GET /api/site answers it (the Bangla texts: shown in Bangla when the admin gave them). */
export type BannerSlide = Pick<Slide, 'id' | 'title' | 'subtitle' | 'image_url' | 'link_url'> &
  Partial<Pick<Slide, 'title_bn' | 'subtitle_bn'>>;

const ROTATE_MS = 5000;

const linkClass =
  'mt-3 inline-flex h-9 items-center rounded-md bg-white px-4 text-sm font-semibold text-violet-800 hover:bg-violet-50';

/** A path of the shop opens in the app (no page reload); anything else is a plain link. */
function SlideLink({ href, focusable }: { href: string; focusable: boolean }) {
  const inApp = href.startsWith('/') && !href.startsWith('//');
  const t = useT();
  const props = { tabIndex: focusable ? 0 : -1, className: linkClass };
  return inApp ? (
    <Link to={href} {...props}>
      {t('shopNow')}
    </Link>
  ) : (
    <a href={href} {...props}>
      {t('shopNow')}
    </a>
  );
}

/** Auto-rotating banner of the active hero slides (every 5 s), with arrows and dots. */
export function HeroBanner({ slides, loading }: { slides: BannerSlide[]; loading?: boolean }) {
  const t = useT();
  const { number, locale } = useFormat();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  // Fixed aspect ratio in every state: the page below never jumps when slides arrive.
  // Wide on large screens so the first row of products is whole above the fold at 1280x800
  // (index.html's first-paint placeholder has the same ratios).
  const frame = 'relative aspect-[16/7] w-full overflow-hidden rounded-xl sm:aspect-[16/5] lg:aspect-[4/1]';
  if (loading) return <Skeleton className={frame} />;
  if (count === 0) {
    return (
      <div
        className={cn(
          frame,
          'flex items-center bg-gradient-to-r from-violet-800 to-indigo-700 p-6 text-white',
        )}
      >
        <div>
          <p className="text-xl font-bold sm:text-3xl">{t('heroTitle')}</p>
          <p className="mt-1 text-sm text-violet-100 sm:text-base">{t('heroSubtitle')}</p>
        </div>
      </div>
    );
  }
  const current = index % count;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section
      aria-roledescription={t('carousel')}
      aria-label={t('offers')}
      className={frame}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, i) => (
        <div
          key={slide.id}
          role="group"
          aria-roledescription={t('slide')}
          aria-label={t('slideOf', { current: number(i + 1), count: number(count) })}
          aria-hidden={i !== current}
          // Every slide covers the frame: the hidden ones must let taps through, or a tap on the shown
          // slide's button would open the topmost (last) slide's link.
          className={cn(
            'absolute inset-0 transition-opacity duration-700',
            i === current ? 'opacity-100' : 'pointer-events-none opacity-0',
          )}
        >
          <img
            src={slide.image_url}
            alt=""
            className="h-full w-full object-cover"
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : 'auto'}
          />
          <div className="absolute inset-0 flex items-end bg-gradient-to-t from-black/75 via-black/25 to-transparent px-12 py-4 sm:px-16 sm:py-8">
            <div className="max-w-xl text-white">
              <h2 className="text-lg font-bold sm:text-3xl">
                {localized(locale, slide.title, slide.title_bn)}
              </h2>
              {slide.subtitle && (
                <p className="mt-1 text-sm text-white/90 sm:text-base">
                  {localized(locale, slide.subtitle, slide.subtitle_bn)}
                </p>
              )}
              {/* The spec's banner button makes no call: it opens the slide's own link (or the products). */}
              <SlideLink href={slide.link_url || '#products'} focusable={i === current} />
            </div>
          </div>
        </div>
      ))}
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t('previousSlide')}
            className="absolute left-2 top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70"
          >
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t('nextSlide')}
            className="absolute right-2 top-1/2 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 text-white hover:bg-black/70"
          >
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
          <div className="absolute bottom-2 right-3 flex gap-1">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('goToSlide', { n: number(i + 1) })}
                aria-current={i === current}
                className="flex h-6 w-6 items-center justify-center"
              >
                <span
                  className={cn(
                    'block h-2 rounded-full transition-all',
                    i === current ? 'w-5 bg-white' : 'w-2 bg-white/60',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
