// The class page's Superlatives (issue #52): asks for the tab's round (the server asks first, with
// the page: app/page-data.ts) and draws the section, a chunk of its own, only when there is something
// for this viewer (a round, or staff who may start one): most members of most classes load nothing.
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { Institution } from '../../../../shared/institutions';
import { SUPERLATIVE_MESSAGES } from '../../../../shared/values/superlatives';
import { LoadError } from '../../../components/ui/load-error';
import { lazyPage } from '../../../lib/lazy-page';
import { classSuperlativesQueryOptions } from '../api/superlatives-api';

const SuperlativesSection = lazyPage('features/superlatives/components/superlatives-section.tsx', () =>
  import('./superlatives-section').then((m) => m.SuperlativesSection),
);

export function ClassSuperlatives({ year, campus }: { year: string; campus: Institution | null }) {
  const answer = useQuery(classSuperlativesQueryOptions(year, campus));
  if (answer.isError) {
    return (
      <LoadError
        className="mt-6"
        message={SUPERLATIVE_MESSAGES.failed}
        onRetry={() => void answer.refetch()}
      />
    );
  }
  const data = answer.data;
  if (!data || (!data.round && !data.viewer.isStaff)) return null;
  return (
    <Suspense fallback={null}>
      <SuperlativesSection answer={data} year={year} />
    </Suspense>
  );
}
