import { BRAND_MARK } from '../../shared/brand-mark';

// The logo mark (an open yearbook on the brand tile); the same drawing as public/favicon.svg.
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox={BRAND_MARK.viewBox} className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx={BRAND_MARK.tileRadius} className="fill-brand-600" />
      <g
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        transform={BRAND_MARK.bookTransform}
      >
        {BRAND_MARK.bookPaths.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </svg>
  );
}
