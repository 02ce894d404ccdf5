// SPEC §9: dates read as short month, day, year ("Jan 5, 2025"). Built once: constructing an
// Intl.DateTimeFormat is far slower than calling format on one. UTC because the demo's dates are fixed
// calendar dates; a visitor's local zone must not move them to the day before or after.
const shortDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatShortDate(isoDate: string): string {
  return shortDateFormat.format(new Date(isoDate));
}
