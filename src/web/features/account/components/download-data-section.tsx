import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { failureMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { downloadAccountData } from '../api/account-api';
import { AccountSection } from './account-section';

// The account page's "Download your data": everything kept about the account, as a zip file.
export function DownloadDataSection() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);

  async function download() {
    setBusy(true);
    setOutcome(null);
    try {
      const { file, fileName } = await downloadAccountData();
      saveFile(file, fileName);
      setOutcome({ tone: 'ok', text: `Your data is downloading as ${fileName}.` });
    } catch (problem) {
      setOutcome({ tone: 'error', text: failureMessage(problem, ACCOUNT_MESSAGES.signedOut) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountSection title="Download your data">
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        A zip file with your account and profile, every post you wrote (anonymous ones included, marked as
        such), the likes you gave, the reports you made, the asklines you submitted, the devices you are
        signed in on, and your profile picture.
      </p>
      <div className="mt-5 space-y-4">
        <FormOutcome outcome={outcome} />
        <button
          type="button"
          onClick={() => void download()}
          disabled={busy}
          className={composeButtonClasses({ variant: 'secondary' })}
        >
          <Icon name="download" className="size-4" />
          {busy ? 'Preparing your data...' : 'Download my data'}
        </button>
      </div>
    </AccountSection>
  );
}
