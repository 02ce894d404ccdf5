import { useEffect, useId, useMemo, useRef } from 'react';
import { type EmbedPost, renderEmbedHtml } from '../../../../shared/embed-html';
import {
  COPIED_STATE_MS,
  SHARE_MESSAGES,
  type ShareFormat,
  shareFileName,
  TEMPLATE_LABELS,
} from '../../../../shared/share';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { copyText } from '../../../lib/copy-text';
import { saveFile } from '../../../lib/save-file';
import { useTransientState } from '../../../lib/use-transient-state';

// SPEC §2 Embed dialog: 'Embed Code' with Copy Code, Download HTML and Close. The code is the whole
// self-contained page (src/shared/embed-html.ts), the same one the server serves for oEmbed. A native
// modal <dialog>: focus moves in and stays, Escape closes it.
export function EmbedDialog({
  open,
  onClose,
  post,
  format,
}: {
  open: boolean;
  onClose: () => void;
  post: EmbedPost;
  format: ShareFormat;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const codeId = useId();
  const [copyState, setCopyState] = useTransientState<'idle' | 'copied' | 'failed'>('idle', COPIED_STATE_MS);
  // Written when the dialog opens: the page's address is the browser's (a closed dialog, as the server
  // draws it, holds no code).
  const code = useMemo(
    () => (open ? renderEmbedHtml(post, format, window.location.origin) : ''),
    [open, post, format],
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  async function copyCode() {
    try {
      await copyText(code);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-white"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          Embed Code
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          A page of its own in the {TEMPLATE_LABELS[format]} template: paste it into a website or save it. It
          loads nothing from anywhere and links back to the post.
        </p>
        <label htmlFor={codeId} className="sr-only">
          Embed code
        </label>
        <textarea
          id={codeId}
          readOnly
          value={code}
          rows={9}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="mt-4 block w-full resize-y rounded-xl border border-slate-300 bg-slate-50 p-3 font-mono text-xs leading-5 text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200"
        />
        <p
          role={copyState === 'failed' ? 'alert' : 'status'}
          className={`mt-2 min-h-5 text-sm font-medium ${copyState === 'failed' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}
        >
          {copyState === 'failed'
            ? SHARE_MESSAGES.embedCopyFailed
            : copyState === 'copied'
              ? 'Embed code copied'
              : ''}
        </p>
        <div className="mt-3 flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={() => void copyCode()}
            className={composeButtonClasses({ size: 'sm' })}
          >
            {copyState === 'copied' ? (
              <Icon name="check" className="size-4" />
            ) : (
              <Icon name="copy" className="size-4" />
            )}
            {copyState === 'copied' ? 'Copied!' : 'Copy Code'}
          </button>
          <button
            type="button"
            onClick={() =>
              saveFile(
                new Blob([code], { type: 'text/html;charset=utf-8' }),
                shareFileName(post, format, 'html'),
              )
            }
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Icon name="download" className="size-4" />
            Download HTML
          </button>
          <button
            type="button"
            onClick={onClose}
            className={composeButtonClasses({ variant: 'ghost', size: 'sm' })}
          >
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
