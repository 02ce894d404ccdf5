// SPEC §9: dates read as short month, day, year ("Jan 5, 2025"), in the reader's own calendar. Built
// once: constructing an Intl.DateTimeFormat is far slower than calling format on one.
const shortDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export function formatShortDate(isoDate: string): string {
  return shortDateFormat.format(new Date(isoDate));
}
