// A local OpenID Connect server standing in for Google (oauth2-mock-server): it signs in one person
// (another with usePerson), and can refuse the next sign-in as a person pressing "Cancel" at Google would.
import { OAuth2Server } from 'oauth2-mock-server';

export interface MockGoogle {
  /** Settings that point the app at this server. */
  settings: Record<string, string>;
  /** The next authorization answers access_denied instead of a code. */
  refuseNext(): void;
  /** Signs in this person from now on, instead of the one it started with. */
  usePerson(person: { sub: string; email: string; name: string }): void;
  stop(): Promise<void>;
}

export async function startMockGoogle(person: {
  sub: string;
  email: string;
  name: string;
}): Promise<MockGoogle> {
  const clientId = 'yearbook-test-client';
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  let refuse = false;
  let claims = { ...person, email_verified: true };
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, { ...claims, aud: clientId });
  });
  oidc.service.on('beforeUserinfo', (response) => {
    response.body = claims;
  });
  oidc.service.on('beforeAuthorizeRedirect', (redirect) => {
    if (!refuse) return;
    refuse = false;
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', 'access_denied');
    redirect.url.searchParams.set('error_description', 'The user denied access');
  });
  return {
    settings: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: 'yearbook-test-secret',
      GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
    },
    refuseNext() {
      refuse = true;
    },
    usePerson(next) {
      claims = { ...next, email_verified: true };
    },
    stop: () => oidc.stop(),
  };
}
