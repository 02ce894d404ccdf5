import { useId } from 'react';
import { CAMPUS_NAMES, INSTITUTIONS } from '../../../../shared/institutions';
import { BIO_MAX_LENGTH, GRADUATION_YEARS } from '../../../../shared/limits';
import {
  FULL_NAME_MAX_LENGTH,
  localIsoDate,
  PROFILE_URL_MAX_LENGTH,
} from '../../../../shared/values/profiles';
import { inputClasses, TextField } from '../../../components/ui/text-field';
import type { FormFields } from '../../../lib/use-form';
import type { ProfileFieldValues } from '../profile-forms';

const borderClasses =
  'border-slate-300 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-600';
const labelClasses = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
const errorClasses = 'mt-1.5 text-sm font-medium text-red-700 dark:text-red-300';

// The fields setup and Edit Profile share (SPEC §2): full name, Instagram and LinkedIn, bio with its
// counter, institution, graduation year and the optional date of birth, wired to either form.
export function ProfileFields<Values extends ProfileFieldValues>({ form }: { form: FormFields<Values> }) {
  const bioId = useId();
  const selectId = useId();
  const { error: bioError, ...bio } = form.field('bio');
  const { error: _institutionError, ...institution } = form.field('institution');
  const { error: _yearError, ...graduationYear } = form.field('graduationYear');
  const bioLength = String(bio.value).length;

  return (
    <>
      <TextField
        label="Full Name"
        autoComplete="name"
        maxLength={FULL_NAME_MAX_LENGTH}
        {...form.field('fullName')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Instagram URL"
          type="url"
          inputMode="url"
          placeholder="https://instagram.com/yourname"
          maxLength={PROFILE_URL_MAX_LENGTH}
          {...form.field('instagramUrl')}
        />
        <TextField
          label="LinkedIn URL"
          type="url"
          inputMode="url"
          placeholder="https://linkedin.com/in/yourname"
          maxLength={PROFILE_URL_MAX_LENGTH}
          {...form.field('linkedinUrl')}
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
          aria-describedby={`${bioId}-count${bioError ? ` ${bioId}-error` : ''}`}
          aria-invalid={bioError ? true : undefined}
          className={`${inputClasses} ${borderClasses} mt-1.5 h-auto min-h-24 resize-y py-2.5`}
          {...bio}
        />
        <p
          id={`${bioId}-count`}
          className={`mt-1.5 text-sm tabular-nums ${bioLength >= BIO_MAX_LENGTH ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {bioLength}/{BIO_MAX_LENGTH} characters
        </p>
        {bioError ? (
          <p id={`${bioId}-error`} className={errorClasses}>
            {bioError}
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
            {...institution}
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
            {...graduationYear}
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
          {...form.field('dob')}
        />
      </div>
    </>
  );
}
