import { useEffect, useState } from 'react';
import {
  CONFIRMATION_OUTCOMES,
  CONFIRMATION_PARAM,
  type ConfirmationOutcome,
} from '../../../../shared/values/confirmation';
import { useLocation, useNavigate, useSearchParams } from '../../../lib/router';

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

/**
 * How a confirmation link went when it did not sign the person in (the server sends them here with
 * `?confirmation=` and the card's #anchor: issue #30). Read once for the card, then removed from the
 * address; the anchor stays, so the page stays scrolled to the card.
 */
export function useConfirmationFromAddress(): ConfirmationOutcome | null {
  const [searchParams] = useSearchParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const value = searchParams.get(CONFIRMATION_PARAM);
  const [outcome] = useState(() => CONFIRMATION_OUTCOMES.find((known) => known === value) ?? null);
  const present = value !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the outcome is in the address.
  useEffect(() => {
    if (!present) return;
    const rest = new URLSearchParams(search);
    rest.delete(CONFIRMATION_PARAM);
    const kept = rest.toString();
    navigate({ search: kept ? `?${kept}` : '', hash }, { replace: true });
  }, [present]);

  return outcome;
}
