import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { DEFAULT_GRADUATION_YEAR_EDIT } from '../../../../shared/limits';
import type { Profile } from '../../../../shared/profiles';
import { PROFILE_MESSAGES } from '../../../../shared/values/profiles';
import { SUPERLATIVE_MESSAGES } from '../../../../shared/values/superlatives';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { announce } from '../../../components/ui/announcer';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { Link, useNavigate } from '../../../lib/router';
import { screenKeys } from '../../../lib/screen-keys';
import { checkWith, useForm } from '../../../lib/use-form';
import { useSession } from '../../auth';
import { profileQueryOptions, uploadProfilePhoto, useUpdateProfile } from '../api/profile-api';
import { PhotoPicker } from '../components/photo-picker';
import { ProfileFields } from '../components/profile-fields';
import { type EditFormValues, editFormSchema } from '../profile-forms';

const BACK_TO_PROFILE_MS = 2_000;

function valuesFrom(profile: Profile): EditFormValues {
  return {
    fullName: profile.fullName,
    bio: profile.bio,
    instagramUrl: profile.instagramUrl ?? '',
    linkedinUrl: profile.linkedinUrl ?? '',
    institution: profile.institution,
    graduationYear: profile.graduationYear ?? DEFAULT_GRADUATION_YEAR_EDIT,
    dob: profile.dob ?? '',
    hiddenFromClass: profile.hiddenFromClass ?? false,
    superlativesOptOut: profile.superlativesOptOut ?? false,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  };
}

// /profile, Edit Profile (SPEC §2): the signed-in person's own profile, always loaded fresh so the
// form never starts from a stale copy.
export function EditProfileRoute() {
  const { data: session } = useSession();
  const username = session?.profile?.username ?? '';
  const profile = useQuery({ ...profileQueryOptions(username), staleTime: 0, enabled: username !== '' });

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Edit Profile" />
      <h1 className="text-3xl font-bold tracking-tight">Edit Profile</h1>
      {profile.data?.viewerIsOwner ? (
        <>
          <EditProfileForm profile={profile.data} />
          <Link
            to={paths.account.getHref()}
            className="mt-6 flex items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-5 hover:bg-slate-50 sm:px-8 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800"
          >
            <span>
              <span className="block font-semibold">Your data and account</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">
                Download your data, or delete your account
              </span>
            </span>
            <Icon name="chevron-right" className="size-5 shrink-0 text-slate-500" />
          </Link>
        </>
      ) : profile.isError ? (
        <div className="mt-8">
          <FormOutcome outcome={{ tone: 'error', text: 'Failed to load profile. Please try again.' }} />
          <button
            type="button"
            onClick={() => void profile.refetch()}
            className={composeButtonClasses({ variant: 'secondary', className: 'mt-4' })}
          >
            Try Again
          </button>
        </div>
      ) : (
        <LoadingStatus className="mt-8">Loading your profile...</LoadingStatus>
      )}
    </div>
  );
}

function EditProfileForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const passwordSectionId = useId();
  const classHintId = useId();
  const superlativesHintId = useId();
  const form = useForm({ initial: valuesFrom(profile), check: checkWith(editFormSchema) });
  const update = useUpdateProfile(profile.username);
  const [photo, setPhoto] = useState<File | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const profileHref = paths.userProfile.getHref(profile.username);
  const saved = outcome?.tone === 'ok';
  const busy = form.pending || saved;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(profileHref), BACK_TO_PROFILE_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate, profileHref]);

  const submit = form.handleSubmit(async (values) => {
    setOutcome(null);
    if (photo) {
      try {
        await uploadProfilePhoto(profile.username, photo);
        setPhoto(null);
      } catch {
        announce(PROFILE_MESSAGES.editPhotoFailed);
      }
    }
    try {
      const { passwordChanged } = await update.mutateAsync(values);
      // A class page lists the person by name, campus and year, unless they left it; its superlatives
      // offer them, unless they left those (issue #52).
      void queryClient.invalidateQueries({ queryKey: screenKeys.classes.all });
      void queryClient.invalidateQueries({ queryKey: screenKeys.superlatives.all });
      setOutcome({
        tone: 'ok',
        text: passwordChanged ? PROFILE_MESSAGES.updatedWithPassword : PROFILE_MESSAGES.updated,
      });
    } catch (problem) {
      const message =
        problem instanceof ApiError && problem.status === 401
          ? PROFILE_MESSAGES.updateSignedOut
          : problem instanceof Error
            ? problem.message
            : String(problem);
      form.refuse(problem);
      setOutcome({ tone: 'error', text: message });
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-8 space-y-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <PhotoPicker
        name={profile.fullName}
        currentUrl={profile.profilePictureUrl}
        onChange={setPhoto}
        disabled={busy}
      />
      <TextField
        label="Username"
        value={profile.username}
        readOnly
        hint={PROFILE_MESSAGES.usernameFixedHint}
      />
      <ProfileFields form={form} />
      <div>
        <label className="inline-flex items-start gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            name="hiddenFromClass"
            checked={form.values.hiddenFromClass}
            onChange={(event) => form.setValue('hiddenFromClass', event.target.checked)}
            aria-describedby={`${classHintId}`}
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
          />
          Hide me from my class page
        </label>
        <p id={classHintId} className="mt-1 ml-7 text-sm text-slate-600 dark:text-slate-400">
          Your profile stays where it is; you are just not listed or counted on the Class of{' '}
          {form.values.graduationYear} page.
        </p>
      </div>
      <div>
        <label className="inline-flex items-start gap-3 text-sm font-medium text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            name="superlativesOptOut"
            checked={form.values.superlativesOptOut}
            onChange={(event) => form.setValue('superlativesOptOut', event.target.checked)}
            aria-describedby={superlativesHintId}
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
          />
          {SUPERLATIVE_MESSAGES.optOut}
        </label>
        <p id={superlativesHintId} className="mt-1 ml-7 text-sm text-slate-600 dark:text-slate-400">
          {SUPERLATIVE_MESSAGES.optOutHint}
        </p>
      </div>

      {profile.hasPassword ? (
        <div className="border-t border-slate-200 pt-6 dark:border-slate-800">
          <button
            type="button"
            aria-expanded={showPassword}
            aria-controls={passwordSectionId}
            onClick={() => setShowPassword((open) => !open)}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Icon name="key-round" className="size-4" />
            Change Password
          </button>
          <div id={passwordSectionId} hidden={!showPassword} className="mt-4 space-y-4">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Leave blank if you don't want to change your password.
            </p>
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              {...form.field('currentPassword')}
            />
            <PasswordField label="New Password" autoComplete="new-password" {...form.field('newPassword')} />
            <PasswordField
              label="Confirm New Password"
              autoComplete="new-password"
              {...form.field('confirmPassword')}
            />
          </div>
        </div>
      ) : null}

      <FormOutcome outcome={outcome} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={profileHref} className={composeButtonClasses({ variant: 'secondary' })}>
          Cancel
        </Link>
        <button type="submit" disabled={busy} className={composeButtonClasses()}>
          {form.pending ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
