import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Institution } from '../../../../shared/institutions';
import type { ClassPage } from '../../../../shared/yearbook';
import { apiRequest } from '../../../lib/api-client';
import { screenKeys } from '../../../lib/screen-keys';

function classPath(year: string, campus: Institution | null, query: string, cursor: string | null): string {
  const params = new URLSearchParams();
  if (campus) params.set('campus', campus);
  if (query) params.set('q', query);
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return `/api/classes/${encodeURIComponent(year)}${search ? `?${search}` : ''}`;
}

/**
 * A class page (issue #52): the year's members of a campus (null: the viewer's own) by name, a page at
 * a time; the first page carries each campus's count.
 */
export const classQueryOptions = (year: string, campus: Institution | null, query: string) =>
  infiniteQueryOptions({
    queryKey: screenKeys.classes.list(year, campus, query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ClassPage>(classPath(year, campus, query, pageParam), { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
