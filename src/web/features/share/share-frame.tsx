import { type ReactNode, Suspense } from 'react';
import type { ShareFormat } from '../../../shared/share';
import { lazyPage } from '../../lib/lazy-page';

/** The element a downloaded image is taken from (one per page: the single-post page's frame). */
export const SHARE_FRAME_ID = 'share-frame';

/** The image's colours (issue #51): `?theme=light`, else dark (SPEC §9's black). */
export type ImageTheme = 'light' | 'dark';

export const readImageTheme = (value: string | null): ImageTheme => (value === 'light' ? 'light' : 'dark');

/** The page's address with one search parameter set, or removed (null): the other choices stay. */
export function withParam(current: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
}

export interface ShareFrameProps {
  format: ShareFormat;
  post: { id: string; askline: { content: string } | null };
  /** The image's colours, for someone who can download it; without, the card keeps the page's own. */
  theme?: ImageTheme;
  /** The author's image without their name (`?hideName=1`); the card is then handed no author. */
  hideName?: boolean;
  children: ReactNode;
}

// The campus-coloured templates and the image's colours (image-frame.tsx) come with the pages that
// show them: the post as a shared link opens it, in the default template, is the card alone.
const ImageFrame = lazyPage('features/share/image-frame.tsx', () =>
  import('./image-frame').then((m) => m.ImageFrame),
);

/** What the single-post page shows in a template is what the image of it will be (features/share). */
export function ShareFrame(props: ShareFrameProps) {
  if (props.format === 'default' && !props.theme) {
    return (
      <div id={SHARE_FRAME_ID} data-template="default">
        {props.children}
      </div>
    );
  }
  // No card while the frame's code arrives (a moment, the first time): a card drawn in the wait would
  // count as a second copy of its own lazily loaded parts (lib/ready-mark.ts).
  return (
    <Suspense fallback={null}>
      <ImageFrame {...props} />
    </Suspense>
  );
}
