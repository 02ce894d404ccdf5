export const USER_TYPES = ['admin', 'moderator', 'ordinary'] as const;
export type UserType = (typeof USER_TYPES)[number];

export function isStaff(userType: UserType | null | undefined): boolean {
  return userType === 'admin' || userType === 'moderator';
}
