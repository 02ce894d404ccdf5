// Class names for the app's buttons and text links, shared by <button>, <a> and <Link> so a link
// that looks like a button stays a link (and the other way round).

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'toolbar' | 'md' | 'lg';

const baseButton =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60';

const buttonVariants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm shadow-brand-600/25 hover:bg-brand-700 active:bg-brand-800',
  secondary:
    'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  /** An action that cannot be taken back (delete, suspend). */
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
};

const buttonSizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3.5 text-sm',
  /** `sm`, with narrow sides on phones (the post page's navbar actions). */
  toolbar: 'h-9 px-2 text-sm sm:px-3.5',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

export function composeButtonClasses({
  variant = 'primary',
  size = 'md',
  className = '',
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}) {
  return `${baseButton} ${buttonVariants[variant]} ${buttonSizes[size]} ${className}`.trim();
}

export const textLinkClasses =
  'rounded font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';
