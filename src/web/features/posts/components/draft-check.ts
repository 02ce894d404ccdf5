// The composer's text check (issue #47), loaded on first typing so no page pays for it before then:
// asks POST /api/safety/check and puts what it found in words. The server checks again on posting.
import { SAFETY_CATEGORY_LABELS, type SafetyCategory, type SafetyCheck } from '../../../../shared/safety';
import { apiRequest } from '../../../lib/api-client';

export interface DraftFindings {
  verdict: 'rethink' | 'hold';
  lines: string[];
}

/** "Swearing: “shit”", one line per finding. */
export function describeReasons(reasons: readonly { category: string; match: string }[]): string[] {
  return reasons.map(
    ({ category, match }) => `${SAFETY_CATEGORY_LABELS[category as SafetyCategory] ?? category}: “${match}”`,
  );
}

/** What the check finds in a draft; null when nothing. */
export async function checkDraft(
  text: string,
  anonymous: boolean,
  signal?: AbortSignal,
): Promise<DraftFindings | null> {
  const found = await apiRequest<SafetyCheck>('/api/safety/check', {
    method: 'POST',
    body: { text, anonymous },
    signal,
  });
  return found.verdict === 'ok' ? null : { verdict: found.verdict, lines: describeReasons(found.reasons) };
}
