import { useState } from 'react';
import { DEFAULT_INSTITUTION } from '../../../../shared/institutions';
import { DEFAULT_GRADUATION_YEAR_SETUP } from '../../../../shared/limits';
import { PROFILE_MESSAGES } from '../../../../shared/values/profiles';
import { DocumentTitle } from '../../../components/document-title';
import { announce } from '../../../components/ui/announcer';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useNavigate } from '../../../lib/router';
import { checkWith, useForm } from '../../../lib/use-form';
import { rememberProfile, uploadProfilePhoto, useCreateProfile } from '../api/profile-api';
import { PhotoPicker } from '../components/photo-picker';
import { ProfileFields } from '../components/profile-fields';
import { UsernameField } from '../components/username-field';
import { type SetupFormValues, setupFormSchema } from '../profile-forms';
import { useUsernameAvailability } from '../use-username-availability';

const defaultValues: SetupFormValues = {
  username: '',
  fullName: '',
  bio: '',
  instagramUrl: '',
  linkedinUrl: '',
  institution: DEFAULT_INSTITUTION,
  graduationYear: DEFAULT_GRADUATION_YEAR_SETUP,
  dob: '',
};

// /profile/setup (SPEC §2): the one-time profile. The auth gate has already sent visitors to / and
// people with a profile to /dashboard. Create Profile is enabled only when the username is valid and
// available and the full name is present; a picture that fails to upload does not stop the profile.
export function ProfileSetupRoute() {
  const navigate = useNavigate();
  const form = useForm({ initial: defaultValues, check: checkWith(setupFormSchema) });
  const create = useCreateProfile();
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const availability = useUsernameAvailability(form.values.username);
  const fullName = form.values.fullName;
  const busy = form.pending;
  const ready = availability.state === 'available' && fullName.trim() !== '';

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      let profile = await create.mutateAsync(values);
      if (photo) {
        try {
          profile = await uploadProfilePhoto(profile.username, photo);
        } catch {
          announce(PROFILE_MESSAGES.setupPhotoFailed);
        }
      }
      // Only now: the session learning the profile makes the gate leave this page.
      rememberProfile(profile);
      navigate(paths.dashboard.getHref(), { replace: true });
    } catch (problem) {
      if (problem instanceof ApiError && problem.status === 401) {
        setError(PROFILE_MESSAGES.createSignedOut);
      } else if (form.refuse(problem)) {
        setError((problem as Error).message);
      } else {
        setError(problem instanceof Error ? problem.message : String(problem));
      }
    }
  });

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Set up your profile" />
      <h1 className="text-3xl font-bold tracking-tight">Set up your profile</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        This is how classmates will find you in the yearbook. You can change everything but your username
        later.
      </p>

      <form
        onSubmit={submit}
        noValidate
        className="mt-8 space-y-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <PhotoPicker name={fullName} currentUrl={null} onChange={setPhoto} disabled={busy} />
        <UsernameField form={form} status={availability} />
        <ProfileFields form={form} />
        {error ? <FormOutcome outcome={{ tone: 'error', text: error }} /> : null}
        <button
          type="submit"
          disabled={!ready || busy}
          className={composeButtonClasses({ size: 'lg', className: 'w-full' })}
        >
          {busy ? 'Creating Profile...' : 'Create Profile'}
        </button>
      </form>
    </div>
  );
}
