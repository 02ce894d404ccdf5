// The Grievance Officer that India's IT Rules 2021 (rule 3(2)) ask every intermediary to name, with a
// way to reach them (issue #47). The operator sets GRIEVANCE_OFFICER_*; /contact and /terms show it.
// The server writes it into every page (the page's render, and index.html's head for pages the
// browser draws itself).

export interface GrievanceOfficer {
  name: string;
  email: string;
  /** A postal address, where the operator gives one. */
  address: string | null;
}

/** index.html's meta tag that carries the officer as JSON. */
export const GRIEVANCE_OFFICER_META = 'yearbook-grievance-officer';

/** The officer from the meta tag's content, or null (none set, or not what the server writes). */
export function parseGrievanceOfficer(content: string | null | undefined): GrievanceOfficer | null {
  if (!content) return null;
  try {
    const value = JSON.parse(content) as Partial<GrievanceOfficer> | null;
    if (typeof value?.name !== 'string' || typeof value.email !== 'string') return null;
    return {
      name: value.name,
      email: value.email,
      address: typeof value.address === 'string' ? value.address : null,
    };
  } catch {
    return null;
  }
}
