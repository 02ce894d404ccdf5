import { useState } from 'react';
import type { EmbedPost } from '../../../../shared/embed-html';
import {
  COPIED_STATE_MS,
  postShareUrl,
  SHARE_MESSAGES,
  type ShareFormat,
  shareFileName,
} from '../../../../shared/share';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { copyText } from '../../../lib/copy-text';
import {
  canShareFiles,
  SHARE_FAILED,
  shareNatively,
  shareTitle,
  useNativeShareOffered,
} from '../../../lib/native-share';
import { useTransientState } from '../../../lib/use-transient-state';
import { downloadPostImage, imageHidesName, renderPostImage, ShareImageError } from '../download-image';
import { EmbedDialog } from './embed-dialog';

const PROBLEM_SHOWN_MS = 6_000;
// On phones each action's short name sits under its icon, tab-bar style: three labelled buttons fit
// beside the bell and the menu at 390 px, where a label beside each icon would not (issue #30).
const button = `${composeButtonClasses({ variant: 'ghost', size: 'toolbar' })} max-sm:h-12 max-sm:flex-col max-sm:gap-0.5 max-sm:px-1.5 max-sm:text-xs max-sm:leading-none`;
const note =
  'absolute top-full right-0 z-40 mt-2 w-max max-w-64 rounded-xl border px-3 py-2 text-sm font-medium shadow-lg';

/**
 * The post page's navbar actions (SPEC §2 Navbar, §4, §7 Other): Copy puts the post's address in the
 * current template on the clipboard ("Link copied" for 2 s); Embed opens the embed code; Download
 * saves the page's frame as a PNG. On a phone with a share sheet, Share too (issue #51): the link, and
 * in the Square and Story templates the PNG itself as a file, so it goes straight to a Story or a
 * chat; an image its author left their name out of goes alone, named by no one. Disabled until the post has loaded; a failure is said under the buttons.
 */
export function ShareActions({ post, format }: { post: EmbedPost | null; format: ShareFormat }) {
  const [copied, setCopied] = useTransientState(false, COPIED_STATE_MS);
  const [problem, setProblem] = useTransientState<string | null>(null, PROBLEM_SHOWN_MS);
  const [embedOpen, setEmbedOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [sharing, setSharing] = useState(false);
  const shareOffered = useNativeShareOffered();

  async function copyLink() {
    if (!post) return;
    try {
      await copyText(postShareUrl(window.location.origin, post, format));
      setCopied(true);
    } catch {
      setProblem(SHARE_MESSAGES.copyFailed);
    }
  }

  async function download() {
    if (!post || downloading) return;
    setDownloading(true);
    try {
      await downloadPostImage(imageHidesName() ? { ...post, author: null } : post, format);
    } catch (error) {
      setProblem(error instanceof ShareImageError ? error.message : SHARE_MESSAGES.prepareFailed);
    } finally {
      setDownloading(false);
    }
  }

  async function share() {
    if (!post || sharing) return;
    setSharing(true);
    // An image the author left their name out of goes without the name beside it too: the file
    // alone, or else the post's address that names no one.
    const nameHidden = imageHidesName();
    const shown = nameHidden ? { ...post, author: null } : post;
    const link = {
      title: nameHidden ? 'A post on Campus Yearbook' : shareTitle(post),
      url: postShareUrl(window.location.origin, shown, format),
    };
    try {
      let files: File[] | null = null;
      if (format !== 'default' || nameHidden) {
        const image = await renderPostImage();
        const file = new File([image], shareFileName(shown, format, 'png'), { type: 'image/png' });
        if (canShareFiles([file])) files = [file];
      }
      await shareNatively(files ? (nameHidden ? { files } : { ...link, files }) : link);
    } catch (error) {
      setProblem(error instanceof ShareImageError ? error.message : SHARE_FAILED);
    } finally {
      setSharing(false);
    }
  }

  return (
    <div className="relative flex items-center sm:gap-1">
      <button
        type="button"
        onClick={() => void copyLink()}
        disabled={!post}
        aria-label={copied ? 'Copied link' : 'Copy link'}
        className={button}
      >
        {copied ? (
          <Icon name="check" className="size-5 text-emerald-600 dark:text-emerald-400" />
        ) : (
          <Icon name="link-2" className="size-5" />
        )}
        <span>{copied ? 'Copied' : 'Copy'}</span>
      </button>
      <button
        type="button"
        onClick={() => setEmbedOpen(true)}
        disabled={!post}
        aria-label="Embed"
        aria-haspopup="dialog"
        className={button}
      >
        <Icon name="code-xml" className="size-5" />
        <span>Embed</span>
      </button>
      <button
        type="button"
        onClick={() => void download()}
        disabled={!post || downloading}
        aria-label={downloading ? 'Preparing image' : 'Download image'}
        className={button}
      >
        {downloading ? (
          <Icon name="loader-circle" className="size-5 animate-spin motion-reduce:animate-none" />
        ) : (
          <Icon name="download" className="size-5" />
        )}
        <span>{downloading ? 'Preparing...' : 'Download'}</span>
      </button>
      {shareOffered ? (
        <button
          type="button"
          onClick={() => void share()}
          disabled={!post || sharing}
          aria-label={sharing ? 'Preparing to share' : 'Share'}
          className={button}
        >
          {sharing ? (
            <Icon name="loader-circle" className="size-5 animate-spin motion-reduce:animate-none" />
          ) : (
            <Icon name="share-2" className="size-5" />
          )}
          <span>Share</span>
        </button>
      ) : null}

      {/* Both anchored under the buttons, where the eye already is; a failure is read out at once. */}
      <p
        role="status"
        className={
          copied
            ? `${note} border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200`
            : 'sr-only'
        }
      >
        {copied ? 'Link copied' : ''}
      </p>
      <p
        role="alert"
        className={
          problem
            ? `${note} border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200`
            : 'sr-only'
        }
      >
        {problem ?? ''}
      </p>

      {post ? (
        <EmbedDialog open={embedOpen} onClose={() => setEmbedOpen(false)} post={post} format={format} />
      ) : null}
    </div>
  );
}
