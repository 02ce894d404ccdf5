import { type ReactNode, useLayoutEffect, useRef } from 'react';
import type { ShareFormat } from '../../../shared/share';
import { BrandMark } from '../../components/brand-mark';
import { site } from '../../config/site';

/** The element a downloaded image is taken from (one per page: the single-post page's frame). */
export const SHARE_FRAME_ID = 'share-frame';

// SPEC §9: square is 1:1 and story 9:16, each a black frame around the card. The frame keeps its ratio
// whatever the card holds (overflow hidden), so the image is exactly 1:1 or 9:16. The ring is a shadow,
// outside the element: it outlines the frame on a dark page and is not part of the image.
const FRAMES: Record<ShareFormat, string> = {
  default: '',
  square:
    'aspect-square overflow-hidden rounded-3xl bg-black p-4 ring-1 ring-slate-300 sm:p-6 dark:ring-slate-700',
  story:
    'aspect-[9/16] max-w-sm overflow-hidden rounded-3xl bg-black p-4 ring-1 ring-slate-300 sm:p-6 dark:ring-slate-700',
};

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

/**
 * What the single-post page shows in a template is what the image of it will be. Square and story
 * carry the site's name under the card, so a picture shared on LinkedIn or in a story says where it
 * is from; the default template is the card alone.
 */
export function ShareFrame({ format, children }: { format: ShareFormat; children: ReactNode }) {
  const framed = format !== 'default';
  const { slotRef, contentRef } = useFitHeight(framed);

  return (
    <div
      id={SHARE_FRAME_ID}
      data-template={format}
      className={`mx-auto flex w-full flex-col ${FRAMES[format]}`}
    >
      {framed ? (
        <>
          <div ref={slotRef} className="flex min-h-0 flex-1 flex-col justify-center">
            <div ref={contentRef}>{children}</div>
          </div>
          <p className="mt-3 flex shrink-0 items-center justify-center gap-2 text-sm font-semibold text-slate-200">
            <BrandMark className="size-5" />
            {site.name}
          </p>
        </>
      ) : (
        children
      )}
    </div>
  );
}
