// /api/docs: the OpenAPI 3.1 document of every route the server answers, valid by the OpenAPI
// schema, and its readable page. Made from the routes' own descriptions (describeRoute), through
// which every handler reads its input.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { likeStateSchema } from '../../shared/posts';
import type { AppEnv } from './context';
import { appRoutes, describeRoute, undocumentedRoutes } from './describe-route';
import { handleError } from './error-handling';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { summary: string; requestBody?: unknown; parameters: unknown[] }>>;
}

async function document(): Promise<Document> {
  const res = await server.request('/api/docs/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

describe('GET /api/docs/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate((await document()) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator refuses what is not one (so this check can fail).
    expect(
      (await new Validator().validate({ openapi: '3.1.0', info: {}, paths: { broken: 1 } } as never)).valid,
    ).toBe(false);
  });

  it('describes every route the server answers, and only those', async () => {
    expect(undocumentedRoutes(server.app)).toEqual([]);
    const listed = Object.entries((await document()).paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = appRoutes(server.app).map((route) =>
      route.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{path}'),
    );
    expect(listed.sort()).toEqual(served.sort());
    // The test fixtures are served under NODE_ENV=test, so they are listed here; not in production.
    expect(listed).toContain('POST /api/test/accounts');
  });

  it('says what each route takes, from the shared schemas its handler checks', async () => {
    const paths = (await document()).paths;
    const create = paths['/api/posts']?.post as {
      requestBody: { content: Record<string, { schema: { properties: object; required: string[] } }> };
    };
    const body = create.requestBody.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual([
      'asklineId',
      'content',
      'isAnonymous',
      'postAnyway',
    ]);
    expect(body?.required).toContain('content');
    const feed = paths['/api/posts']?.get?.parameters as { name: string; in: string }[];
    expect(feed.map((parameter) => `${parameter.in}:${parameter.name}`).sort()).toEqual([
      'query:cursor',
      'query:feed',
      'query:showMuted',
      'query:sort',
    ]);
    const like = paths['/api/posts/{id}/like'];
    expect(Object.keys(like ?? {}).sort()).toEqual(['delete', 'put']);
  });
});

describe('GET /api/docs', () => {
  it('is a readable page of the same routes, text escaped', async () => {
    const res = await server.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('<h1>Campus Yearbook API</h1>');
    expect(page).toContain('<code>POST /api/posts</code>');
    expect(page).toContain('<code>PUT /api/posts/{id}/like</code>');
    // Descriptions with quotes and apostrophes arrive escaped.
    expect(page).toContain('&#39;');
    expect(page).not.toMatch(/<script/i);
  });
});

describe('answers held to their contracts (decision 013: the browser does not parse them)', () => {
  // A route whose answer is the one given, checked when `check` says so, as the app does under test.
  function appAnswering(answer: unknown, check: boolean) {
    const app = new Hono<AppEnv>();
    app.onError(handleError);
    app.use(async (c, next) => {
      c.set('log', pino({ level: 'silent' }));
      c.set('requestId', 'r1');
      c.set('checkAnswers', check);
      await next();
    });
    const route = describeRoute({ summary: 'A like', tag: 'posts', answer: likeStateSchema });
    app.get('/like', route.doc, (c) => c.json(answer));
    return app;
  }

  it('lets an answer its contract allows through unchanged', async () => {
    const res = await appAnswering({ likeCount: 3, likedByMe: true }, true).request('/like');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ likeCount: 3, likedByMe: true });
  });

  it('answers 500 for one it does not allow, under test only', async () => {
    const broken = { likeCount: '3', likedByMe: true };
    const checked = await appAnswering(broken, true).request('/like');
    expect(checked.status).toBe(500);
    expect(((await checked.json()) as { error: { code: string } }).error.code).toBe('internal');
    expect((await appAnswering(broken, false).request('/like')).status).toBe(200);
  });
});
