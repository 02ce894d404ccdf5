// Ids in addresses (`/api/posts/{id}`, `/og/posts/{id}.png`): every route that takes one declares it
// once with a shared schema (src/shared/path-params.ts), so the OpenAPI document says what it is,
// and answers a malformed one exactly as it answers a well-formed id of nothing: the same status,
// message, body and headers. Nobody can tell a wrong guess from a malformed one, and no malformed id
// reaches the database (PostgreSQL would refuse it with an error: a 500 where an unknown id is a 404).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/server/http/describe-route';
import { createMember, type Member } from '../support/accounts';
import { NO_RATE_LIMITS, okJson, startTestServer, type TestServer } from '../support/test-server';

interface IdRoute {
  /** As the server lists it (`app.routes`). */
  route: string;
  /** The address with this segment where the id goes. */
  path: (segment: string) => string;
  /** Who asks: one the route lets through, so what decides the answer is the id. */
  who: 'visitor' | 'member' | 'admin';
  json?: unknown;
}

const ID_ROUTES: IdRoute[] = [
  { route: 'GET /api/posts/:id', path: (id) => `/api/posts/${id}`, who: 'visitor' },
  { route: 'DELETE /api/posts/:id', path: (id) => `/api/posts/${id}`, who: 'admin' },
  { route: 'PUT /api/posts/:id/like', path: (id) => `/api/posts/${id}/like`, who: 'member' },
  {
    route: 'POST /api/posts/:id/replies',
    path: (id) => `/api/posts/${id}/replies`,
    who: 'member',
    json: { content: 'A reply' },
  },
  { route: 'GET /api/posts/:id/replies', path: (id) => `/api/posts/${id}/replies`, who: 'visitor' },
  {
    route: 'PUT /api/posts/:id/replies-enabled',
    path: (id) => `/api/posts/${id}/replies-enabled`,
    who: 'member',
    json: { enabled: false },
  },

  { route: 'DELETE /api/posts/:id/like', path: (id) => `/api/posts/${id}/like`, who: 'member' },
  {
    route: 'POST /api/posts/:id/report',
    path: (id) => `/api/posts/${id}/report`,
    who: 'member',
    json: { reason: 'spam' },
  },
  {
    route: 'POST /api/posts/:id/removal',
    path: (id) => `/api/posts/${id}/removal`,
    who: 'admin',
    json: { rule: 'spam', facts: 'An advert.' },
  },
  { route: 'GET /api/posts/:id/removal', path: (id) => `/api/posts/${id}/removal`, who: 'member' },
  {
    route: 'POST /api/posts/:id/appeal',
    path: (id) => `/api/posts/${id}/appeal`,
    who: 'member',
    json: { text: 'Please look again.' },
  },
  {
    route: 'POST /api/appeals/:id/decision',
    path: (id) => `/api/appeals/${id}/decision`,
    who: 'admin',
    json: { outcome: 'upheld' },
  },
  {
    route: 'POST /api/posts/:id/author-suspension',
    path: (id) => `/api/posts/${id}/author-suspension`,
    who: 'admin',
  },
  {
    route: 'DELETE /api/posts/:id/author-suspension',
    path: (id) => `/api/posts/${id}/author-suspension`,
    who: 'admin',
  },
  {
    route: 'PUT /api/reports/:id/resolution',
    path: (id) => `/api/reports/${id}/resolution`,
    who: 'admin',
    json: { resolved: true },
  },
  {
    route: 'POST /api/reports/:id/acknowledgement',
    path: (id) => `/api/reports/${id}/acknowledgement`,
    who: 'admin',
  },
  {
    route: 'DELETE /api/admin/word-lists/:id',
    path: (id) => `/api/admin/word-lists/${id}`,
    who: 'admin',
  },
  { route: 'PUT /api/notifications/:id/read', path: (id) => `/api/notifications/${id}/read`, who: 'member' },
  {
    route: 'DELETE /api/controls/hidden-posts/:id',
    path: (id) => `/api/controls/hidden-posts/${id}`,
    who: 'member',
  },
  {
    route: 'DELETE /api/controls/muted-words/:id',
    path: (id) => `/api/controls/muted-words/${id}`,
    who: 'member',
  },
  // A signature in the member's own yearbook (issue #52): anyone else's, or none, is a 404.
  {
    route: 'POST /api/signatures/:id/approval',
    path: (id) => `/api/signatures/${id}/approval`,
    who: 'member',
  },
  { route: 'DELETE /api/signatures/:id', path: (id) => `/api/signatures/${id}`, who: 'member' },
  // Superlatives (issue #52, decision 042): a round or category that does not exist is a 404.
  {
    route: 'PATCH /api/superlatives/:id',
    path: (id) => `/api/superlatives/${id}`,
    who: 'admin',
    json: { phase: 'nominating' },
  },
  { route: 'DELETE /api/superlatives/:id', path: (id) => `/api/superlatives/${id}`, who: 'admin' },
  {
    route: 'POST /api/superlatives/:id/categories',
    path: (id) => `/api/superlatives/${id}/categories`,
    who: 'admin',
    json: { title: 'Most likely to guess an id' },
  },
  {
    route: 'POST /api/superlative-categories/:id/approval',
    path: (id) => `/api/superlative-categories/${id}/approval`,
    who: 'admin',
  },
  {
    route: 'DELETE /api/superlative-categories/:id',
    path: (id) => `/api/superlative-categories/${id}`,
    who: 'admin',
  },
  {
    route: 'PUT /api/superlative-categories/:id/nomination',
    path: (id) => `/api/superlative-categories/${id}/nomination`,
    who: 'member',
    json: { username: 'someone' },
  },
  {
    route: 'DELETE /api/superlative-categories/:id/nomination',
    path: (id) => `/api/superlative-categories/${id}/nomination`,
    who: 'member',
  },
  {
    route: 'POST /api/superlative-categories/:id/vote',
    path: (id) => `/api/superlative-categories/${id}/vote`,
    who: 'member',
    json: { username: 'someone' },
  },
  // A book job (issue #52): none, or one the caller may not see, is a 404; so is the class-book switch
  // of no post.
  { route: 'GET /api/books/:id', path: (id) => `/api/books/${id}`, who: 'member' },
  { route: 'GET /api/books/:id/file', path: (id) => `/api/books/${id}/file`, who: 'member' },
  {
    route: 'PUT /api/posts/:id/class-book',
    path: (id) => `/api/posts/${id}/class-book`,
    who: 'member',
    json: { include: true },
  },
  { route: 'GET /api/asklines/:id', path: (id) => `/api/asklines/${id}`, who: 'visitor' },
  { route: 'GET /api/asklines/:id/posts', path: (id) => `/api/asklines/${id}/posts`, who: 'visitor' },
  {
    route: 'PUT /api/asklines/:id/review',
    path: (id) => `/api/asklines/${id}/review`,
    who: 'admin',
    json: { decision: 'verify' },
  },
  {
    route: 'POST /api/held-posts/:id/approval',
    path: (id) => `/api/held-posts/${id}/approval`,
    who: 'admin',
  },
  {
    route: 'POST /api/held-posts/:id/removal',
    path: (id) => `/api/held-posts/${id}/removal`,
    who: 'admin',
    json: { rule: 'harassment', facts: 'Names a student.' },
  },
  { route: 'GET /embed/posts/:id', path: (id) => `/embed/posts/${id}`, who: 'visitor' },
  { route: 'GET /og/posts/:file', path: (id) => `/og/posts/${id}.png`, who: 'visitor' },
  { route: 'GET /og/asklines/:file', path: (id) => `/og/asklines/${id}.png`, who: 'visitor' },
];

/** Addresses with an id of a row (a device's session id is better-auth's string, not a UUID). */
const NOT_UUID_IDS = new Set(['DELETE /api/account/sessions/:id']);

const UNKNOWN = ['00000000-0000-4000-8000-000000000000', randomUUID()];
const MALFORMED = [
  'not-a-uuid',
  '12345',
  `${randomUUID()}0`,
  randomUUID().slice(1),
  'zzzzzzzz-zzzz-4zzz-8zzz-zzzzzzzzzzzz',
  // Hex of the right shape that is not an RFC 9562 UUID: PostgreSQL would take it; the schema does not.
  '11111111-1111-0111-0111-111111111111',
  '------------------------------------',
  "x'%20or%201=1--",
];

let server: TestServer;
let member: Member;
let admin: Member;

beforeAll(async () => {
  server = await startTestServer({ rateLimiter: NO_RATE_LIMITS });
  member = await createMember(server);
  admin = await createMember(server, { userType: 'admin' });
  // Something of each kind exists, so an unknown id is looked up among real rows.
  await okJson(server, 'POST', '/api/posts', member.cookie, { content: 'A post among the ids' });
});
afterAll(() => server?.close());

/** What a caller sees of an answer, the request id aside (it differs on every request). */
async function answer(route: IdRoute, segment: string) {
  const cookie = route.who === 'visitor' ? undefined : (route.who === 'admin' ? admin : member).cookie;
  const res = await server.request(route.path(segment), {
    method: route.route.split(' ')[0],
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(route.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(route.json === undefined ? {} : { body: JSON.stringify(route.json) }),
  });
  const headers = Object.fromEntries(
    ['content-type', 'cache-control', 'content-security-policy', 'x-robots-tag', 'retry-after'].map(
      (name) => [name, res.headers.get(name)],
    ),
  );
  const body = (await res.text()).replace(/"requestId":"[^"]*"/, '"requestId":"…"');
  return { status: res.status, headers, body };
}

describe('an id in the address', () => {
  it('every route with a row id is in the table below', () => {
    const withIds = appRoutes(server.app).filter(
      (route) => /\/:(id|file)\b/.test(route) && !NOT_UUID_IDS.has(route),
    );
    expect(withIds.sort()).toEqual(ID_ROUTES.map((row) => row.route).sort());
  });

  for (const route of ID_ROUTES) {
    it(`${route.route}: a malformed id answers as an unknown one does`, async () => {
      const unknown = await answer(route, UNKNOWN[0] as string);
      expect(unknown.status, unknown.body).toBe(404);
      expect(await answer(route, UNKNOWN[1] as string)).toEqual(unknown);
      for (const segment of MALFORMED) {
        expect(await answer(route, segment), segment).toEqual(unknown);
      }
    });
  }
});

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: { type?: string; format?: string; pattern?: string };
}

describe('the OpenAPI document', () => {
  it('describes each route’s id as the UUID its route checks', async () => {
    const document = (await okJson(server, 'GET', '/api/docs/openapi.json')) as {
      paths: Record<string, Record<string, { parameters: Parameter[] }>>;
    };
    for (const { route } of ID_ROUTES) {
      const [method = '', path = ''] = route.split(' ');
      const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      const inPath = operation?.parameters.filter((parameter) => parameter.in === 'path') ?? [];
      expect(inPath, route).toHaveLength(1);
      const [parameter] = inPath;
      expect(parameter?.required, route).toBe(true);
      expect(parameter?.schema.type, route).toBe('string');
      if (parameter?.name === 'file') {
        // `{id}.png`: the pattern holds a UUID's.
        const pattern = new RegExp(parameter.schema.pattern ?? '^$');
        expect(pattern.test(`${UNKNOWN[1]}.png`), route).toBe(true);
        expect(pattern.test(`${UNKNOWN[1]}`), route).toBe(false);
        expect(pattern.test('------------------------------------.png'), route).toBe(false);
      } else {
        expect(parameter, route).toMatchObject({ name: 'id', schema: { format: 'uuid' } });
      }
    }
  });
});
