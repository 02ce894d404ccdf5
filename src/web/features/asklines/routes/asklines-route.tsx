import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { Askline } from '../../../../shared/asklines';
import { ASKLINES_PAGE_SIZE } from '../../../../shared/limits';
import { ASKLINE_MESSAGES } from '../../../../shared/values/asklines';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { lazyPage } from '../../../lib/lazy-page';
import { Link } from '../../../lib/router';
import { useSession } from '../../auth';
import { asklineListQueryOptions } from '../api/asklines-queries';
import { AsklineCard } from '../components/askline-card';

// The form (and the schema it checks the text with, which brings zod) loads when it is first opened,
// or when the pointer or focus reaches its button: most people who open this page only read it.
const loadCreateForm = () => import('../components/create-askline-form');
const CreateAsklineForm = lazyPage(
  'features/asklines/components/create-askline-form.tsx',
  () => loadCreateForm().then((m) => m.CreateAsklineForm),
  { preload: false },
);

// /asklines (SPEC §2): 'Verified Asklines', up to 100 fetched (shuffled by the server, so a page it
// drew and this one agree; SPEC §9), 10 shown, 'More' adds 10;
// 'Create New Askline' opens the form. Signed-in people also see their own asklines still waiting
// for verification; staff get a link to the queue. Visitors can read.
export function AsklinesRoute() {
  const { data: session } = useSession();
  const list = useQuery(asklineListQueryOptions);
  const [shown, setShown] = useState(ASKLINES_PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const verified = list.data?.asklines ?? [];
  const mine = list.data?.mine ?? [];

  return (
    <div className="mx-auto max-w-2xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title="Asklines" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Verified Asklines</h1>
        <button
          type="button"
          onClick={() => setCreating((open) => !open)}
          onPointerEnter={() => void loadCreateForm()}
          onFocus={() => void loadCreateForm()}
          aria-expanded={creating}
          className={composeButtonClasses({ size: 'sm' })}
        >
          <Icon name="plus" className="size-4" />
          Create New Askline
        </button>
      </div>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Prompts for the whole campus to answer. Pick one and add your post to it.
      </p>
      {session?.profile?.permissions?.reviewAsklines ? (
        <Link
          to={paths.asklinesReview.getHref()}
          className={composeButtonClasses({ variant: 'secondary', size: 'sm', className: 'mt-4' })}
        >
          <Icon name="clipboard-check" className="size-4" />
          Review pending asklines
        </Link>
      ) : null}

      {creating ? (
        <div className="mt-6">
          <Suspense fallback={<LoadingStatus>Loading the form...</LoadingStatus>}>
            <CreateAsklineForm />
          </Suspense>
        </div>
      ) : null}

      {mine.length > 0 ? <OwnAsklines asklines={mine} /> : null}

      <section aria-label="Verified asklines" className="mt-8">
        {list.isPending ? (
          <LoadingStatus>Loading...</LoadingStatus>
        ) : list.isError ? (
          <LoadError message={ASKLINE_MESSAGES.listFailed} onRetry={() => void list.refetch()} />
        ) : verified.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">{ASKLINE_MESSAGES.listEmpty}</p>
        ) : (
          <ul className="space-y-4">
            {verified.slice(0, shown).map((askline) => (
              <li key={askline.id}>
                <AsklineCard askline={askline} headingLevel="h2" />
              </li>
            ))}
          </ul>
        )}
        {verified.length > shown ? (
          <button
            type="button"
            onClick={() => setShown((count) => count + ASKLINES_PAGE_SIZE)}
            className={composeButtonClasses({ variant: 'secondary', className: 'mt-6 w-full' })}
          >
            More
          </button>
        ) : null}
      </section>
    </div>
  );
}

function OwnAsklines({ asklines }: { asklines: Askline[] }) {
  return (
    <section aria-labelledby="own-asklines-heading" className="mt-8">
      <h2 id="own-asklines-heading" className="text-lg font-semibold tracking-tight">
        Your asklines awaiting verification
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Only you can see these until an admin or moderator publishes them.
      </p>
      <ul className="mt-4 space-y-4">
        {asklines.map((askline) => (
          <li key={askline.id}>
            <AsklineCard askline={askline} />
          </li>
        ))}
      </ul>
    </section>
  );
}
