// The API's contract, written once per route beside it and read from the running app: `describeRoute()`
// makes a route's first middleware, carrying what it takes (its JSON body, query and path params, as
// the shared zod schemas) and what it answers; the handler reads its input through the same object
// (`route.body(c)`, `route.query(c)`, `route.params(c)`), so the document cannot say one thing while
// the route checks another. `openApiDocument(app)` walks the app's routes into an OpenAPI 3.1 document, served at
// /api/docs/openapi.json with a readable page at /api/docs. A route without a description is listed
// by `undocumentedRoutes`, which a test keeps empty.
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import type { AppEnv } from './context';
import { readFormOrJson, readJson, readParams, readQuery } from './validate';

type Schema = z.core.$ZodType;

export interface RouteDescription<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined = undefined,
> {
  /** One line, for people. */
  summary: string;
  /** The group it is listed under (a feature). */
  tag: string;
  /** Who may call it, in words (the policy module decides). */
  access?: string;
  /** Its JSON body. */
  body?: B;
  /**
   * The body may come as a form too (application/x-www-form-urlencoded, the same fields): a mailed
   * link's page, whose button is a plain form that works before the page's script (issue #43).
   */
  form?: true;
  /** Its query string. */
  query?: Q;
  /**
   * Its path params (`:id`), an object schema from src/shared/path-params.ts. Params that break it
   * are not refused with a 400: the address names nothing, and the route answers it as it answers
   * an id of nothing.
   */
  params?: P;
  /** A body that is not JSON: an uploaded image. */
  upload?: 'image/*';
  /** The success answer: a schema (JSON), or a media type for answers that are not JSON. */
  answer?:
    | Schema
    | 'text/html'
    | 'text/css'
    | 'text/event-stream'
    | 'image/png'
    | 'image/*'
    | 'application/zip'
    | 'application/json'
    | 'redirect'
    | 'none';
  /** The success status (200 unless said). */
  status?: 200 | 201 | 204 | 302 | 303;
}

const DESCRIPTION = Symbol('route description');

type AnyDescription = RouteDescription<Schema | undefined, Schema | undefined, Schema | undefined>;

type Described = MiddlewareHandler<AppEnv> & { [DESCRIPTION]: AnyDescription };

export interface DescribedRoute<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined = undefined,
> {
  /**
   * The route's first middleware: carries the description; under test, it checks the route's JSON
   * answer against the described schema (checkAnswers).
   */
  doc: MiddlewareHandler<AppEnv>;
  /** The JSON body, checked against the described schema (400/415 otherwise). */
  body: B extends Schema ? (c: Context) => Promise<z.infer<B>> : never;
  /** The query, checked against the described schema (400 otherwise). */
  query: Q extends Schema ? (c: Context) => z.infer<Q> : never;
  /**
   * The path params, checked against the described schema; null when they break it (an address
   * that names nothing: the handler answers it as it answers an id of nothing).
   */
  params: P extends Schema ? (c: Context) => z.infer<P> | null : never;
}

export function describeRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(description: RouteDescription<B, Q, P>): DescribedRoute<B, Q, P> {
  const answerSchema = typeof description.answer === 'object' ? description.answer : null;
  const doc = Object.assign(
    async (c: Context<AppEnv>, next: () => Promise<void>) => {
      await next();
      if (answerSchema && c.get('checkAnswers')) await checkAnswer(c, answerSchema);
    },
    { [DESCRIPTION]: description },
  ) as Described;
  const { body, query, params } = description;
  const read = description.form ? readFormOrJson : readJson;
  return {
    doc,
    body: (body ? (c: Context) => read(c, body) : undefined) as DescribedRoute<B, Q, P>['body'],
    query: (query ? (c: Context) => readQuery(c, query) : undefined) as DescribedRoute<B, Q, P>['query'],
    params: (params ? (c: Context) => readParams(c, params) : undefined) as DescribedRoute<B, Q, P>['params'],
  };
}

/**
 * An answer the route's contract does not allow is our bug: thrown, so the error handler logs it and
 * answers 500, and a test that meets it fails. The browser types answers by these contracts without
 * parsing them (decision 013); this is where they are held to them.
 */
async function checkAnswer(c: Context<AppEnv>, schema: Schema): Promise<void> {
  const type = c.res.headers.get('content-type') ?? '';
  if (c.res.status < 200 || c.res.status >= 300 || !type.startsWith('application/json')) return;
  const result = z.safeParse(schema, await c.res.clone().json());
  if (!result.success) {
    throw new Error(
      `the answer to ${c.req.method} ${c.req.path} breaks its contract: ${result.error.message}`,
    );
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its routes' types
type AnyApp = Hono<any, any, any>;

/** The routes an app answers, as `METHOD /path` (middleware for every method left out). */
export function appRoutes(app: AnyApp): string[] {
  const listed = app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(listed)].sort();
}

function descriptions(app: AnyApp): Map<string, AnyDescription> {
  const found = new Map<string, AnyDescription>();
  for (const route of app.routes) {
    const description = (route.handler as Partial<Described>)[DESCRIPTION];
    if (description && route.method !== 'ALL') found.set(`${route.method} ${route.path}`, description);
  }
  return found;
}

/** Routes the app answers that no `describeRoute()` tells about. */
export function undocumentedRoutes(app: AnyApp): string[] {
  const described = descriptions(app);
  return appRoutes(app).filter((route) => !described.has(route));
}

function jsonSchema(schema: Schema, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** `:id` → `{id}`; a trailing `*` (the rest of the path) → `{path}`. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        params.push(segment.slice(1));
        return `{${segment.slice(1)}}`;
      }
      if (segment === '*') {
        params.push('path');
        return '{path}';
      }
      return segment;
    })
    .join('/');
  return { path: converted, params };
}

function properties(schema: Schema) {
  return jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
}

function queryParameters(schema: Schema) {
  const described = properties(schema);
  return Object.entries(described.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: described.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** Every param of the path, as its described schema says (a bare string where none does). */
function pathParameters(names: string[], schema: Schema | undefined) {
  const described = schema ? (properties(schema).properties ?? {}) : {};
  return names.map((name) => ({
    name,
    in: 'path',
    required: true,
    ...(described[name]
      ? {
          description: 'A value that breaks this schema is answered as one that names nothing.',
          schema: described[name],
        }
      : { schema: { type: 'string' } }),
  }));
}

const ERROR_ANSWER = {
  description: 'Refused: `{error: {code, message, requestId, field?}}`; 429s carry Retry-After.',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          error: {
            type: 'object',
            properties: {
              code: { type: 'string' },
              message: { type: 'string' },
              requestId: { type: 'string' },
              field: { type: 'string' },
            },
            required: ['code', 'message'],
          },
        },
        required: ['error'],
      },
    },
  },
};

function successAnswer(description: AnyDescription) {
  const answer = description.answer ?? 'application/json';
  if (answer === 'none') return { description: 'Done; no body.' };
  if (answer === 'redirect') return { description: 'A redirect (Location).' };
  if (typeof answer === 'string') return { description: 'The answer.', content: { [answer]: {} } };
  return {
    description: 'The answer.',
    content: { 'application/json': { schema: jsonSchema(answer, 'output') } },
  };
}

/** The OpenAPI 3.1 document of every route the app answers. */
export function openApiDocument(app: AnyApp, info: { title: string; version: string }) {
  const described = descriptions(app);
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const route of appRoutes(app)) {
    const [method = 'GET', honoPath = '/'] = route.split(' ');
    const description = described.get(route);
    const { path, params } = openApiPath(honoPath);
    const operation: Record<string, unknown> = {
      operationId: `${method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: description?.summary ?? 'Not described.',
      tags: description ? [description.tag] : [],
      parameters: [
        ...pathParameters(params, description?.params),
        ...(description?.query ? queryParameters(description.query) : []),
      ],
      responses: {
        [String(description?.status ?? 200)]: description
          ? successAnswer(description)
          : { description: 'The answer.' },
        default: ERROR_ANSWER,
      },
    };
    if (description?.access) operation.description = `Who may call it: ${description.access}`;
    if (description?.body) {
      const schema = jsonSchema(description.body, 'input');
      operation.requestBody = {
        required: true,
        content: {
          'application/json': { schema },
          ...(description.form ? { 'application/x-www-form-urlencoded': { schema } } : {}),
        },
      };
    } else if (description?.upload) {
      operation.requestBody = { required: true, content: { [description.upload]: {} } };
    }
    if (description) tags.add(description.tag);
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
  };
}

const TITLE = 'Campus Yearbook API';

/**
 * GET /api/docs/openapi.json (the document) and GET /api/docs (a readable page of it). The app is
 * read when first asked, once every route is in it.
 */
export function apiDocsRoutes(getApp: () => AnyApp) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  const current = () => {
    document ??= openApiDocument(getApp(), { title: TITLE, version: '1.0.0' });
    return document;
  };
  const json = describeRoute({
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'documentation',
    access: 'anyone',
    answer: 'application/json',
  });
  const page = describeRoute({
    summary: 'This API as a readable page',
    tag: 'documentation',
    access: 'anyone',
    answer: 'text/html',
  });
  return new Hono<AppEnv>()
    .get('/openapi.json', json.doc, (c) => c.json(current()))
    .get('/', page.doc, (c) => c.html(renderDocsPage(current())));
}

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  requestBody?: unknown;
  parameters: { name: string; in: string }[];
}

/** The document as a page: each group, each route with its summary and who may call it. */
function renderDocsPage(document: ReturnType<typeof openApiDocument>) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods as Record<string, Operation>).map(([method, operation]) => ({
      path,
      method,
      operation,
    })),
  );
  const tags = document.tags.map((tag) => tag.name);
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${TITLE}</title>
  </head>
  <body>
    <main>
      <h1>${TITLE}</h1>
      <p>
        Every route the server answers, from the same descriptions the routes read their input by. The
        machine-readable document: <a href="/api/docs/openapi.json">OpenAPI 3.1 (JSON)</a>. Errors answer
        <code>{"error": {"code", "message", "requestId", "field"?}}</code>; a 429 carries Retry-After.
      </p>
      ${tags.map(
        (tag) => html`<section>
          <h2>${tag}</h2>
          <dl>
            ${operations
              .filter(({ operation }) => operation.tags.includes(tag))
              .map(
                ({ path, method, operation }) => html`<dt><code>${method.toUpperCase()} ${path}</code></dt>
                  <dd>
                    ${operation.summary}${operation.description ? html`<br />${operation.description}` : ''}
                    ${operation.requestBody ? html`<br />Takes a body (see the JSON document).` : ''}
                  </dd>`,
              )}
          </dl>
        </section>`,
      )}
    </main>
  </body>
</html>`;
}
