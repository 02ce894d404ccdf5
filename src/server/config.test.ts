import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { generateVapidKeys } from './features/push/vapid-keys';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected loadConfig to refuse these settings');
}

describe('loadConfig', () => {
  it('uses the documented defaults with no settings', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      dataDir: path.resolve('/srv/app', './data'),
      webBuildDir: null,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
    });
  });

  it('serves another web build from WEB_BUILD_DIR, resolved like DATA_DIR', () => {
    expect(loadConfig({ WEB_BUILD_DIR: 'builds/next' }, '/srv/app').webBuildDir).toBe(
      path.resolve('/srv/app', 'builds/next'),
    );
    expect(loadConfig({ WEB_BUILD_DIR: '' }).webBuildDir).toBeNull();
  });

  it('listens on this machine only outside production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/y',
      AUTH_SECRET: 'a'.repeat(32),
    };
    expect(loadConfig(production).host).toBeUndefined();
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('reads every setting and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/yearbook',
        DATABASE_URL: 'postgres://u:p@db:5432/yearbook',
        AUTH_SECRET: 'a'.repeat(32),
        PUBLIC_URL: 'https://yearbook.example/',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/yearbook',
      databaseUrl: 'postgres://u:p@db:5432/yearbook',
      publicUrl: 'https://yearbook.example',
      isProduction: true,
      logLevel: 'warn',
    });
  });

  it('requires AUTH_SECRET with DATABASE_URL, so every instance signs sessions alike', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'postgres://db/yearbook' });
    expect(problem).toContain('AUTH_SECRET');
  });

  it('reads ALLOWED_EMAIL_DOMAINS as a lower-cased list of domains, empty by default', () => {
    expect(loadConfig({}).allowedEmailDomains).toEqual([]);
    expect(
      loadConfig({ ALLOWED_EMAIL_DOMAINS: ' VITstudent.ac.in, @vit.ac.in ,' }).allowedEmailDomains,
    ).toEqual(['vitstudent.ac.in', 'vit.ac.in']);
    for (const bad of ['vit', 'student@vit.ac.in', 'vit.ac.in/x', 'exa mple.com']) {
      expect(problemsOf({ ALLOWED_EMAIL_DOMAINS: `vit.ac.in, ${bad}` })[0]).toContain(
        'ALLOWED_EMAIL_DOMAINS',
      );
    }
  });

  it('reads the Grievance Officer: name and email together, an address only with them', () => {
    expect(loadConfig({}).grievanceOfficer).toBeNull();
    expect(
      loadConfig({ GRIEVANCE_OFFICER_NAME: ' Dr. Meena ', GRIEVANCE_OFFICER_EMAIL: 'grievance@vit.ac.in' })
        .grievanceOfficer,
    ).toEqual({ name: 'Dr. Meena', email: 'grievance@vit.ac.in', address: null });
    expect(problemsOf({ GRIEVANCE_OFFICER_NAME: 'Dr. Meena' })[0]).toContain('GRIEVANCE_OFFICER_EMAIL');
    expect(problemsOf({ GRIEVANCE_OFFICER_ADDRESS: 'Block A' })[0]).toContain('GRIEVANCE_OFFICER_ADDRESS');
    expect(
      problemsOf({ GRIEVANCE_OFFICER_NAME: 'Dr. Meena', GRIEVANCE_OFFICER_EMAIL: 'not an address' })[0],
    ).toContain('GRIEVANCE_OFFICER_EMAIL');
  });

  it('reads ADMIN_EMAILS as a lower-cased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Dean@VIT.ac.in, ops@example.com ,' }).adminEmails).toEqual([
      'dean@vit.ac.in',
      'ops@example.com',
    ]);
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(problemsOf({ ADMIN_EMAILS: 'dean@vit.ac.in, not-an-email' })[0]).toContain('ADMIN_EMAILS');
  });

  it('turns Google on only with both its client id and secret', () => {
    expect(loadConfig({}).google).toBeNull();
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    });
    expect(problemsOf({ GOOGLE_CLIENT_ID: 'id' })[0]).toContain('GOOGLE_CLIENT_SECRET');
  });

  it('reads web push: the VAPID pair together and of one key, the subject, and local push addresses outside production', () => {
    const keys = generateVapidKeys();
    const pair = { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
    expect(loadConfig({}).vapidKeys).toBeNull();
    expect(loadConfig(pair).vapidKeys).toEqual(keys);
    expect(problemsOf({ VAPID_PUBLIC_KEY: keys.publicKey })[0]).toContain('must be set together');
    expect(problemsOf({ ...pair, VAPID_PRIVATE_KEY: generateVapidKeys().privateKey })[0]).toContain(
      'is not the public key of VAPID_PRIVATE_KEY',
    );
    expect(problemsOf({ ...pair, VAPID_PUBLIC_KEY: 'not-a-key' })[0]).toContain(
      'VAPID_PUBLIC_KEY="not-a-key"',
    );
    expect(problemsOf({ VAPID_SUBJECT: 'ops@example.com' })[0]).toContain(
      'must be a mailto: address or an https:// URL',
    );
    expect(problemsOf({ VAPID_PUBLICKEY: keys.publicKey })[0]).toContain('did you mean VAPID_PUBLIC_KEY?');
    expect(problemsOf({ PUSH_ENDPOINTS: 'any' })[0]).toContain('PUSH_ENDPOINTS is not a setting');
    // The subject: as set, else the site over https, else the contact address, else the sender's.
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).vapidSubject).toBe(
      'mailto:ops@example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://yearbook.example/' }).vapidSubject).toBe(
      'https://yearbook.example',
    );
    expect(
      loadConfig({ GRIEVANCE_OFFICER_NAME: 'Dr. M', GRIEVANCE_OFFICER_EMAIL: 'grievance@example.com' })
        .vapidSubject,
    ).toBe('mailto:grievance@example.com');
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@campusyearbook.app');
    expect(loadConfig({}).pushLocalEndpoints).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).pushLocalEndpoints).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }).pushLocalEndpoints,
    ).toBe(true);
  });

  it('turns the metrics on only with a METRICS_TOKEN, and refuses a near miss of it', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'scrape-me-0123456789' }).metricsToken).toBe('scrape-me-0123456789');
    expect(problemsOf({ METRICS_TOKENS: 'scrape-me-0123456789' })[0]).toContain(
      'did you mean METRICS_TOKEN?',
    );
    expect(problemsOf({ METRICS_PATH: '/m' })[0]).toContain('METRICS_PATH is not a setting');
  });

  it('gives the bucket and the mail server a deadline, 10 s and 30 s unless told otherwise', () => {
    const s3 = { S3_BUCKET: 'photos' };
    expect(loadConfig(s3).s3?.timeoutMs).toBe(10_000);
    expect(loadConfig({ ...s3, S3_TIMEOUT_MS: '2500' }).s3?.timeoutMs).toBe(2_500);
    expect(loadConfig({}).smtpTimeoutMs).toBe(30_000);
    expect(loadConfig({ SMTP_TIMEOUT_MS: '5000' }).smtpTimeoutMs).toBe(5_000);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '30.5'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PUBLIC_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['AUTH_SECRET', 'short'],
    ['SMTP_URL', 'http://mail.example'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_KEY_PREFIX', 'has spaces'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '11'],
    ['S3_FORCE_PATH_STYLE', 'maybe'],
    ['METRICS_TOKEN', 'short-token'],
    ['METRICS_TOKEN', 'a token with spaces in it'],
    ['S3_TIMEOUT_MS', 'soon'],
    ['S3_TIMEOUT_MS', '0'],
    ['SMTP_TIMEOUT_MS', '9999999'],
  ])('refuses a malformed %s=%s and names it', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
    expect(problems[0]).toContain(value);
  });

  it('refuses a misspelt setting and suggests the right one', () => {
    const [problem] = problemsOf({ DATABSE_URL: 'postgres://localhost/db' });
    expect(problem).toContain('DATABSE_URL is not a setting');
    expect(problem).toContain('did you mean DATABASE_URL?');
  });

  it('refuses unknown variables under prefixes the app owns', () => {
    expect(problemsOf({ S3_BUKET: 'photos' })[0]).toContain('S3_BUKET');
    expect(problemsOf({ DATA_DIRECTORY: '/tmp' })[0]).toContain('DATA_DIRECTORY');
  });

  it('ignores the ordinary variables of a shell', () => {
    expect(() =>
      loadConfig({ HOME: '/root', PATH: '/usr/bin', HOSTNAME: 'box', TERM: 'xterm', CI: 'true' }),
    ).not.toThrow();
  });

  it('reports every problem at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'loud' })).toHaveLength(2);
  });

  it('reads the production services: Redis, an S3 bucket and the proxies in front', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://cache:6379/2',
      S3_BUCKET: 'pictures',
      S3_ENDPOINT: 'https://s3.example',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://cdn.example/pictures/',
      TRUST_PROXY: '2',
    });
    expect(config.redis).toEqual({ url: 'redis://cache:6379/2', keyPrefix: 'yearbook:' });
    expect(config.s3).toEqual({
      bucket: 'pictures',
      endpoint: 'https://s3.example',
      region: 'ap-south-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example/pictures',
      timeoutMs: 10_000,
    });
    expect(config.trustProxy).toBe(2);
  });

  it('keeps everything local with no service settings, and reads TRUST_PROXY=true as one proxy', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ redis: null, s3: null, trustProxy: 0 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
  });

  it('lets the AWS SDK find S3 credentials itself when no key pair is set', () => {
    expect(loadConfig({ S3_BUCKET: 'pictures' }).s3?.credentials).toBeUndefined();
  });

  it('refuses half-set S3 settings rather than keeping pictures on local disk', () => {
    expect(problemsOf({ S3_BUCKET: 'p', S3_ACCESS_KEY_ID: 'key' })[0]).toContain('S3_SECRET_ACCESS_KEY');
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })[0]).toContain('S3_BUCKET must be set');
  });
});
