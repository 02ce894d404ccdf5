// The setup and Edit Profile forms: the shared rules of SPEC §5 (src/shared/profiles.ts) over the
// forms' own fields, giving exactly the request the API takes.
import * as z from 'zod/mini';
import {
  checkPasswordChange,
  createProfileRequestSchema,
  profileFieldsSchema,
  type UpdateProfileRequest,
} from '../../../shared/profiles';
import { localIsoDate, PROFILE_MESSAGES } from '../../../shared/values/profiles';

/** What the inputs hold: text everywhere but the year, which the select gives as a number. */
export interface ProfileFieldValues {
  fullName: string;
  bio: string;
  instagramUrl: string;
  linkedinUrl: string;
  institution: 'VITC' | 'VITV';
  graduationYear: number;
  dob: string;
}

// The server allows any date that is already today somewhere on Earth; the form holds the person to
// their own calendar.
function refuseFutureBirthday(value: { dob: string | null }, ctx: z.core.$RefinementCtx) {
  if (value.dob && value.dob > localIsoDate()) {
    ctx.addIssue({ code: 'custom', path: ['dob'], message: PROFILE_MESSAGES.dobFuture });
  }
}

export type SetupFormValues = ProfileFieldValues & { username: string };
export const setupFormSchema = createProfileRequestSchema.check(z.superRefine(refuseFutureBirthday));

export type EditFormValues = ProfileFieldValues & {
  /** Leave one's class page (issue #52). */
  hiddenFromClass: boolean;
  /** Leave superlatives: not nominated, on no ballot, no winner (issue #52). */
  superlativesOptOut: boolean;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/** SPEC §5: the password changes only when a new one is typed; then the three checks in order. */
const editFieldsSchema = z
  .extend(profileFieldsSchema, {
    hiddenFromClass: z.boolean(),
    superlativesOptOut: z.boolean(),
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .check(
    z.superRefine(refuseFutureBirthday),
    z.superRefine((value, ctx) => {
      if (value.newPassword) checkPasswordChange(value, ctx);
    }),
  );

export const editFormSchema = z.pipe(
  editFieldsSchema,
  z.transform(
    ({
      currentPassword,
      newPassword,
      confirmPassword,
      ...fields
    }: z.output<typeof editFieldsSchema>): UpdateProfileRequest => ({
      ...fields,
      ...(newPassword ? { passwordChange: { currentPassword, newPassword, confirmPassword } } : {}),
    }),
  ),
);
