// The Grievance Officer section of /contact and /terms (IT Rules 2021, rule 3(2); issue #47): who
// they are and how to reach them, as the operator set it (GRIEVANCE_OFFICER_*), and the clock a
// complaint runs on. Nothing when none is set.
import {
  GRIEVANCE_OFFICER_META,
  type GrievanceOfficer,
  parseGrievanceOfficer,
} from '../../shared/grievance-officer';
import { useServerRender } from '../lib/render-context';

function useGrievanceOfficer(): GrievanceOfficer | null {
  const server = useServerRender();
  if (server) return server.grievanceOfficer;
  return parseGrievanceOfficer(
    document.querySelector(`meta[name="${GRIEVANCE_OFFICER_META}"]`)?.getAttribute('content'),
  );
}

export function GrievanceOfficerSection() {
  const officer = useGrievanceOfficer();
  if (!officer) return null;
  return (
    <section aria-labelledby="grievance-officer">
      <h2 id="grievance-officer">Grievance Officer</h2>
      <p>
        As the Information Technology (Intermediary Guidelines and Digital Media Ethics Code) Rules, 2021 ask,
        complaints about content or about how we handled a report can go to our Grievance Officer. We
        acknowledge a complaint within 24 hours and resolve it within 15 days.
      </p>
      <address className="mt-4 not-italic">
        <strong>{officer.name}</strong>
        <br />
        <a href={`mailto:${officer.email}`}>{officer.email}</a>
        {officer.address && (
          <>
            <br />
            <span className="whitespace-pre-line">{officer.address}</span>
          </>
        )}
      </address>
    </section>
  );
}
