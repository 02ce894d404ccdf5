import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Icon } from '../../../components/icons/icon';
import { storageKeys } from '../../../config/storage-keys';
import { useCookieAtFirstRender, writeCookie } from '../../../lib/cookies';
import { noticeQueryOptions } from '../api/notice-api';

// The dashboard notice (SPEC §2, §4): shown when the server's notice says show and this browser has
// not seen it; marked seen as soon as it is shown, so it appears once; closing hides it now. Logging
// out clears the flag. A notice that fails to load simply does not show. The flag is a cookie, so a
// dashboard the server draws already has the notice in it or not, as it will stay: nothing moves
// down when the page is taken over (decision 015).
export function NoticeBanner() {
  const titleId = useId();
  const seenBefore = useCookieAtFirstRender(storageKeys.noticeSeen) === 'true';
  // Seen already: nothing to ask for.
  const { data: notice } = useQuery({ ...noticeQueryOptions, enabled: !seenBefore });
  const [closed, setClosed] = useState(false);
  const visible = Boolean(notice?.show) && !seenBefore && !closed;

  useEffect(() => {
    if (visible) writeCookie(storageKeys.noticeSeen, 'true');
  }, [visible]);

  if (!notice || !visible) return null;
  return (
    <section
      aria-labelledby={titleId}
      className="relative rounded-2xl border border-brand-200 bg-brand-50 p-4 pr-12 sm:p-5 sm:pr-14 dark:border-brand-900 dark:bg-brand-950/60"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Icon name="megaphone" className="size-5 text-brand-700 dark:text-brand-300" />
        <h2 id={titleId} className="font-semibold text-slate-900 dark:text-white">
          {notice.title}
        </h2>
        {notice.badge ? (
          <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
            {notice.badge}
          </span>
        ) : null}
      </div>
      {notice.content.map((paragraph, index) => (
        // Paragraphs are plain text in a fixed order; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index} className="mt-2 text-sm leading-6 text-slate-700 dark:text-slate-200">
          {paragraph}
        </p>
      ))}
      <button
        type="button"
        onClick={() => setClosed(true)}
        className="absolute top-3 right-3 rounded-lg p-1.5 text-slate-600 hover:bg-brand-100 dark:text-slate-300 dark:hover:bg-brand-900"
        aria-label="Dismiss notice"
      >
        <Icon name="x" className="size-5" />
      </button>
    </section>
  );
}
