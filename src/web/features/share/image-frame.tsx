// The post's image as the single-post page shows it (issue #51), loaded with the pages that need it
// (share-frame.tsx): square (1:1) and story (9:16) in the campus colours of the link-preview image
// (server/features/share/preview-image.tsx), with the askline the post answers above the card and
// the site's name and the post's address under it; and the colours and the hidden name someone
// chose for the image, in every template. What is drawn here is what Download and Share capture.
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { site } from '../../config/site';
import { type ImageTheme, SHARE_FRAME_ID, type ShareFrameProps } from './share-frame';

// The preview image's indigo (#171336 to #4f39f6 at 135°) for Dark; its palest tints for Light. The
// image is this rectangle, corners and all: the rounded outline around it is the page's, not the image's.
const BACKDROP: Record<ImageTheme, string> = {
  dark: 'bg-linear-135 from-[#171336] via-[#2f2a7a] via-55% to-[#4f39f6] text-white',
  light: 'bg-linear-135 from-brand-50 via-brand-100 via-55% to-brand-300 text-brand-950',
};
/** The askline's name: the preview image's amber on indigo; on the pale tints, amber would not read. */
const ASKLINE_LABEL: Record<ImageTheme, string> = {
  dark: 'text-[#ffb900]',
  light: 'text-brand-700',
};

// The card (features/posts) is drawn in the device's colour scheme (`dark:` is a media query). In
// the image it takes the chosen one instead: where the device's scheme is the other, the shades the
// card is drawn in are swapped, in the card alone, for those the other scheme gives the same parts
// (its background, border, name, handle and date, text, buttons, links). The initial's avatar keeps
// its white letter on its own colour.
const CARD_COLOURS: Record<ImageTheme, string> = {
  light:
    'dark:[--color-slate-900:#fff] dark:[--color-slate-800:#e2e8f0] dark:[--color-white:#0f172b] dark:[--color-slate-400:#45556c] dark:[--color-slate-100:#1d293d] dark:[--color-slate-200:#314158] dark:[--color-brand-300:oklch(0.457_0.24_277.023)] dark:[--color-rose-300:#c20039] [&_span[aria-hidden]]:[--color-white:#fff]',
  dark: 'not-dark:[--color-white:#0f172b] not-dark:[--color-slate-200:#1d293d] not-dark:[--color-slate-900:#fff] not-dark:[--color-slate-600:#90a1b9] not-dark:[--color-slate-800:#f1f5f9] not-dark:[--color-slate-700:#e2e8f0] not-dark:[--color-brand-700:oklch(0.785_0.115_274.713)] not-dark:[--color-rose-700:#ffa2ae] [&_span[aria-hidden]]:[--color-white:#fff] [&_span[aria-hidden]]:[--color-slate-600:#45556c]',
};

// The author's choice to leave their name out (the card already has no author, so it says
// "Anonymous"): the avatar and that line go, the post's date stays.
const NAME_HIDDEN =
  '[&_article>div:first-of-type>:not(div)]:hidden [&_article>div:first-of-type>div>:first-child]:hidden';

/** A square or a story is read in a feed or a Story on a phone: the post's text a size up. */
const FRAMED_TEXT = '[&_article>p]:text-lg [&_article>p]:leading-8';

/** The smallest the card is drawn to fit a frame: below this its text would be hard to read. */
const MIN_ZOOM = 0.6;

/**
 * Shrinks the card until it fits the frame's height (a long post in a square on a phone), with CSS
 * zoom, which lays the card out again at the smaller size, so the image drawn from it matches.
 */
function useFitHeight(enabled: boolean) {
  const slotRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const slot = slotRef.current;
    const content = contentRef.current;
    if (!enabled || !slot || !content) return;
    const heightAt = (zoom: number) => {
      content.style.zoom = String(zoom);
      return content.getBoundingClientRect().height;
    };
    const fitCard = () => {
      const room = slot.clientHeight;
      const natural = heightAt(1);
      if (natural <= room) return;
      // Smaller text also wraps into fewer lines, so room / natural is small enough but often more
      // than needed: a few halvings between it and 1 find the largest zoom that still fits.
      let fits = Math.max(MIN_ZOOM, room / natural);
      let tooBig = 1;
      for (let step = 0; step < 5; step += 1) {
        const zoom = (fits + tooBig) / 2;
        if (heightAt(zoom) <= room) fits = zoom;
        else tooBig = zoom;
      }
      heightAt(fits);
    };
    fitCard();
    // The frame's size (a turned phone) and the card's (a status line that wraps) both change the fit.
    const observer = new ResizeObserver(fitCard);
    observer.observe(slot);
    observer.observe(content);
    return () => {
      observer.disconnect();
      content.style.zoom = '';
    };
  }, [enabled]);

  return { slotRef, contentRef };
}

const unchanging = () => () => {};

/** This site's host (`yearbook.example`): the server cannot know it, so it draws none and the browser adds it. */
function useHost(): string | null {
  return useSyncExternalStore(
    unchanging,
    () => window.location.host,
    () => null,
  );
}

export function ImageFrame({ format, post, theme, hideName = false, children }: ShareFrameProps) {
  const framed = format !== 'default';
  const { slotRef, contentRef } = useFitHeight(framed);
  const host = useHost();
  const look = theme ?? 'dark';
  const frame = {
    id: SHARE_FRAME_ID,
    'data-template': format,
    'data-theme': theme,
    'data-name-hidden': hideName || undefined,
  };
  const card = [
    theme ? CARD_COLOURS[theme] : '',
    hideName ? NAME_HIDDEN : '',
    framed ? FRAMED_TEXT : '',
  ].join(' ');

  if (!framed) {
    return (
      <div {...frame} className={card}>
        {children}
      </div>
    );
  }
  const story = format === 'story';
  return (
    <div
      className={`mx-auto w-full overflow-hidden rounded-3xl ring-1 ring-slate-300 dark:ring-slate-700 ${story ? 'max-w-sm' : ''}`}
    >
      <div
        {...frame}
        className={`flex flex-col ${story ? 'aspect-[9/16] px-5 pt-9 pb-6' : 'aspect-square p-4 sm:p-6'} ${BACKDROP[look]}`}
      >
        <div ref={slotRef} className="flex min-h-0 flex-1 flex-col justify-center">
          <div ref={contentRef}>
            {post.askline ? (
              <p className={`mb-4 px-1 font-bold ${story ? 'text-xl leading-snug' : 'text-lg leading-snug'}`}>
                <span className={`mb-1 block text-xs tracking-widest uppercase ${ASKLINE_LABEL[look]}`}>
                  Askline
                </span>
                {post.askline.content}
              </p>
            ) : null}
            <div className={card}>{children}</div>
          </div>
        </div>
        <div className="mt-4 shrink-0 text-center">
          <p className="flex items-center justify-center gap-2 text-base font-bold">
            <BrandMark className="size-6" />
            {site.name}
          </p>
          {host ? (
            <p className="mt-0.5 text-sm font-medium opacity-80">{`${host}/post/${post.id.slice(0, 8)}…`}</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
