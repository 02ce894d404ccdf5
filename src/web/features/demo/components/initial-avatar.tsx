type InitialAvatarProps = {
  /** The name the letter is taken from; 'Anonymous' gives the 'A' avatar of SPEC §2. */
  name: string;
  size?: 'md' | 'lg';
  tone?: 'brand' | 'neutral';
};

const sizeClasses = {
  md: 'size-10 text-base',
  lg: 'size-20 text-3xl sm:size-24 sm:text-4xl',
} as const;

// White on brand-600 and on slate-600 both stay above 4.5:1, whatever the page's colour scheme.
const toneClasses = {
  brand: 'bg-brand-600 text-white',
  neutral: 'bg-slate-600 text-white',
} as const;

function pickInitial(name: string): string {
  // Array.from splits by code point, so a name starting with an emoji or accented letter stays whole.
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

// The placeholder SPEC §2 shows when there is no photo. The demo never has one: it loads no images from
// the network. Hidden from assistive tech because the name always sits right next to it.
export function InitialAvatar({ name, size = 'md', tone = 'brand' }: InitialAvatarProps) {
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full font-semibold select-none ${sizeClasses[size]} ${toneClasses[tone]}`}
    >
      {pickInitial(name)}
    </span>
  );
}
