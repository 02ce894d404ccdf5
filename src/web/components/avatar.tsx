import { useState } from 'react';

type AvatarProps = {
  /** The name the letter is taken from; 'Anonymous' gives the 'A' avatar of SPEC §2. */
  name: string;
  /** The profile picture; without one (or when it fails to load) the initial shows. */
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
  tone?: 'brand' | 'neutral';
};

const sizeClasses = {
  sm: 'size-8 text-sm',
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

// A person's photo, or the initial placeholder SPEC §2 shows without one. Hidden from assistive tech
// because the name always sits right next to it.
export function Avatar({ name, src, size = 'md', tone = 'brand' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailedSrc(src)}
        className={`shrink-0 rounded-full bg-slate-200 object-cover dark:bg-slate-800 ${sizeClasses[size]}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full font-semibold select-none ${sizeClasses[size]} ${toneClasses[tone]}`}
    >
      {pickInitial(name)}
    </span>
  );
}
