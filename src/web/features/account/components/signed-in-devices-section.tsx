import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Device } from '../../../../shared/account';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { failureMessage } from '../../../lib/api-client';
import { useLocalDate } from '../../../lib/local-dates';
import { devicesQueryOptions, useSignOutDevices } from '../api/account-api';
import { AccountSection } from './account-section';

// The account page's "Signed-in devices": where the account is signed in, each but this one with
// its Sign out, and Sign out all other devices.
export function SignedInDevicesSection() {
  const devices = useQuery(devicesQueryOptions);
  const signOut = useSignOutDevices();
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const others = devices.data?.devices.filter((device) => !device.current) ?? [];

  async function end(id: string | null, what: string) {
    setOutcome(null);
    try {
      const { signedOut } = await signOut.mutateAsync(id);
      setOutcome({
        tone: 'ok',
        text: id
          ? `${what} is signed out.`
          : `Signed out of ${signedOut} other ${signedOut === 1 ? 'device' : 'devices'}.`,
      });
    } catch (problem) {
      setOutcome({ tone: 'error', text: failureMessage(problem, ACCOUNT_MESSAGES.signedOut) });
    }
  }

  return (
    <AccountSection title="Signed-in devices">
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Where your account is signed in now. Sign out a device you do not recognise, or one you no longer use.
      </p>
      {devices.data ? (
        <ul className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {devices.data.devices.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              busy={signOut.isPending}
              onSignOut={() => void end(device.id, device.browser)}
            />
          ))}
        </ul>
      ) : devices.isError ? (
        <div className="mt-5">
          <FormOutcome
            outcome={{ tone: 'error', text: failureMessage(devices.error, ACCOUNT_MESSAGES.signedOut) }}
          />
        </div>
      ) : (
        <LoadingStatus className="mt-5">Loading your devices...</LoadingStatus>
      )}
      <div className="mt-4 space-y-4">
        <FormOutcome outcome={outcome} />
        {others.length > 0 ? (
          <button
            type="button"
            onClick={() => void end(null, '')}
            disabled={signOut.isPending}
            className={composeButtonClasses({ variant: 'secondary' })}
          >
            Sign out all other devices
          </button>
        ) : null}
      </div>
    </AccountSection>
  );
}

// Two sign-ins of one day read alike by their date alone (issue #51): each says its time too. The
// last activity is known to the day: said when it is another day than the sign-in's.
function DeviceRow({ device, busy, onSignOut }: { device: Device; busy: boolean; onSignOut: () => void }) {
  const signedIn = useLocalDate(device.signedInAt, 'exact');
  const signedInDay = useLocalDate(device.signedInAt);
  const active = useLocalDate(device.lastActiveAt);
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          {device.browser}
          {device.current ? (
            <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900/60 dark:text-brand-200">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Signed in <span className="whitespace-nowrap">{signedIn}</span>
          {active === signedInDay ? null : (
            <span className="block sm:inline">
              <span className="hidden sm:inline"> · </span>Last active around{' '}
              <span className="whitespace-nowrap">{active}</span>
            </span>
          )}
        </p>
      </div>
      {device.current ? null : (
        <button
          type="button"
          onClick={onSignOut}
          disabled={busy}
          aria-label={`Sign out ${device.browser}, signed in ${signedIn}`}
          className={composeButtonClasses({ variant: 'ghost', size: 'sm', className: 'shrink-0' })}
        >
          Sign out
        </button>
      )}
    </li>
  );
}
