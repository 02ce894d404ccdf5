// The Grievance Officer on /contact and /terms (issue #47; IT Rules 2021, rule 3(2)): drawn by the
// server from GRIEVANCE_OFFICER_*, escaped as text, and carried in index.html's head for pages the
// browser draws itself; nothing when none is set. The real build's renderer and a real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRIEVANCE_OFFICER_META, parseGrievanceOfficer } from '../../src/shared/grievance-officer';
import { builtWebApp, startTestServer, type TestServer } from '../support/test-server';

const OFFICER = {
  // Markup in a setting stays text.
  name: 'Dr. A. <Meena> & "Co"',
  email: 'grievance@yearbook.example',
  address: 'Campus Yearbook, Block A\nVandalur-Kelambakkam Road, Chennai 600127',
};

const html = async (server: TestServer, path: string) => (await server.request(path)).text();

describe('with GRIEVANCE_OFFICER_* set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      webRoot: builtWebApp(),
      settings: {
        GRIEVANCE_OFFICER_NAME: OFFICER.name,
        GRIEVANCE_OFFICER_EMAIL: OFFICER.email,
        GRIEVANCE_OFFICER_ADDRESS: OFFICER.address,
      },
    });
  });
  afterAll(() => server?.close());

  it('names the officer, their address and the clock on /contact and /terms, as text', async () => {
    for (const path of ['/contact', '/terms']) {
      const page = await html(server, path);
      expect(page).toContain('Grievance Officer</h2>');
      expect(page).toContain('Dr. A. &lt;Meena&gt; &amp; &quot;Co&quot;');
      expect(page).not.toContain('<Meena>');
      expect(page).toContain(`href="mailto:${OFFICER.email}"`);
      expect(page).toContain('Vandalur-Kelambakkam Road');
      expect(page).toContain('within 24 hours and resolve it within 15 days');
    }
  });

  it("carries the officer in index.html's head for pages the browser draws", async () => {
    const shell = await html(server, '/index.html');
    const tag = shell.match(new RegExp(`<meta name="${GRIEVANCE_OFFICER_META}" content="([^"]*)">`));
    expect(tag).not.toBeNull();
    // As the browser reads the attribute: character references undone.
    const content = (tag?.[1] ?? '').replace(/&#(\d+);/g, (_, code: string) =>
      String.fromCharCode(Number(code)),
    );
    expect(parseGrievanceOfficer(content)).toEqual(OFFICER);
    // Only inside the attribute: no markup of the name reaches the head.
    expect(shell).not.toContain('<Meena>');
  });
});

describe('without them (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webRoot: builtWebApp() });
  });
  afterAll(() => server?.close());

  it('shows no officer section and no tag', async () => {
    expect(await html(server, '/contact')).not.toContain('Grievance Officer');
    expect(await html(server, '/terms')).not.toContain('Grievance Officer');
    expect(await html(server, '/index.html')).not.toContain(GRIEVANCE_OFFICER_META);
  });
});
