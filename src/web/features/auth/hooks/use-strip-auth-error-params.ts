import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

// SPEC §2: an OAuth or email-link round trip can land on / with ?error=...&error_description=...;
// when both are present they are removed from the address so a reload or a shared link is clean.
export function useStripAuthErrorParams() {
  const [searchParams, setSearchParams] = useSearchParams();
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
}
