import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { CAMPUS_NAMES, INSTITUTIONS } from '../../../../shared/institutions';
import { BIO_MAX_LENGTH, GRADUATION_YEARS } from '../../../../shared/limits';
import {
  FULL_NAME_MAX_LENGTH,
  localIsoDate,
  PROFILE_URL_MAX_LENGTH,
} from '../../../../shared/values/profiles';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import type { ProfileFieldValues } from '../profile-forms';

const borderClasses =
  'border-slate-300 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-600';
const labelClasses = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
const errorClasses = 'mt-1.5 text-sm font-medium text-red-700 dark:text-red-300';

// The fields setup and Edit Profile share (SPEC §2): full name, Instagram and LinkedIn, bio with its
// counter, institution, graduation year and the optional date of birth. Both forms put them under a
// react-hook-form FormProvider.
export function ProfileFields() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<ProfileFieldValues>();
  const bioId = useId();
  const selectId = useId();
  const bioLength = watch('bio')?.length ?? 0;

  return (
    <>
      <TextField
        label="Full Name"
        autoComplete="name"
        maxLength={FULL_NAME_MAX_LENGTH}
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Instagram URL"
          type="url"
          inputMode="url"
          placeholder="https://instagram.com/yourname"
          maxLength={PROFILE_URL_MAX_LENGTH}
          error={errors.instagramUrl?.message}
          {...register('instagramUrl')}
        />
        <TextField
          label="LinkedIn URL"
          type="url"
          inputMode="url"
          placeholder="https://linkedin.com/in/yourname"
          maxLength={PROFILE_URL_MAX_LENGTH}
          error={errors.linkedinUrl?.message}
          {...register('linkedinUrl')}
        />
      </div>
      <div>
        <label htmlFor={bioId} className={labelClasses}>
          Bio
        </label>
        <textarea
          id={bioId}
          rows={3}
          maxLength={BIO_MAX_LENGTH}
          placeholder="A line or two about you"
          aria-describedby={`${bioId}-count${errors.bio ? ` ${bioId}-error` : ''}`}
          aria-invalid={errors.bio ? true : undefined}
          className={`${inputClasses} ${borderClasses} mt-1.5 h-auto min-h-24 resize-y py-2.5`}
          {...register('bio')}
        />
        <p
          id={`${bioId}-count`}
          className={`mt-1.5 text-sm tabular-nums ${bioLength >= BIO_MAX_LENGTH ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {bioLength}/{BIO_MAX_LENGTH} characters
        </p>
        {errors.bio ? (
          <p id={`${bioId}-error`} className={errorClasses}>
            {errors.bio.message}
          </p>
        ) : null}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${selectId}-institution`} className={labelClasses}>
            Institution
          </label>
          <select
            id={`${selectId}-institution`}
            className={`${inputClasses} ${borderClasses} mt-1.5`}
            {...register('institution')}
          >
            {INSTITUTIONS.map((code) => (
              <option key={code} value={code}>
                {code} ({CAMPUS_NAMES[code]})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${selectId}-year`} className={labelClasses}>
            Graduation Year
          </label>
          <select
            id={`${selectId}-year`}
            className={`${inputClasses} ${borderClasses} mt-1.5`}
            {...register('graduationYear', { valueAsNumber: true })}
          >
            {GRADUATION_YEARS.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Date of Birth (optional)"
          type="date"
          max={localIsoDate()}
          min="1900-01-01"
          error={errors.dob?.message}
          {...register('dob')}
        />
      </div>
    </>
  );
}
