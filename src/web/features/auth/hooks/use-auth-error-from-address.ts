import { useEffect, useState } from 'react';
import { useSearchParams } from '../../../lib/router';

/** SPEC §8: how a failed Google round trip is told. */
export function describeGoogleError(error: string, description: string | null): string {
  return `Google authentication error: ${description || error.replaceAll('_', ' ')}`;
}

// A Google round trip that fails lands on / with ?error=… (and usually error_description=…). The
// message is read once and kept for the card; SPEC §2: when both parameters are present they are
// removed from the address, so a reload or a shared link is clean.
export function useAuthErrorFromAddress(): string | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const [message] = useState(() => {
    const error = searchParams.get('error');
    return error ? describeGoogleError(error, searchParams.get('error_description')) : null;
  });
  const hasBoth = searchParams.has('error') && searchParams.has('error_description');

  useEffect(() => {
    if (!hasBoth) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true },
    );
  }, [hasBoth, setSearchParams]);

  return message;
}
