// The API's contract, written once per route beside it: `describeRoute()` makes a route's first
// middleware, carrying what it takes (its JSON body, query and path params, as the shared zod schemas)
// and what it answers; the handler reads its input through the same object (`route.body(c)`,
// `route.query(c)`, `route.params(c)`), so the document made from it (openapi-document.ts) cannot say
// one thing while the route checks another. Under test it holds JSON answers to their schema. The
// running app's descriptions are read back by `routeDescriptions`; a route without one is listed by
// `undocumentedRoutes`, which a test keeps empty.
import type { Context, Hono, MiddlewareHandler } from 'hono';
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
    | 'text/plain'
    | 'text/event-stream'
    | 'image/png'
    | 'image/*'
    | 'application/zip'
    | 'application/pdf'
    | 'application/json'
    | 'redirect'
    | 'none';
  /** The success status (200 unless said). */
  status?: 200 | 201 | 202 | 204 | 302 | 303;
}

const DESCRIPTION = Symbol('route description');

export type AnyDescription = RouteDescription<Schema | undefined, Schema | undefined, Schema | undefined>;

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
export type AnyApp = Hono<any, any, any>;

/** The routes an app answers, as `METHOD /path` (middleware for every method left out). */
export function appRoutes(app: AnyApp): string[] {
  const listed = app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(listed)].sort();
}

/** Each described route's description, by `METHOD /path`. */
export function routeDescriptions(app: AnyApp): Map<string, AnyDescription> {
  const found = new Map<string, AnyDescription>();
  for (const route of app.routes) {
    const description = (route.handler as Partial<Described>)[DESCRIPTION];
    if (description && route.method !== 'ALL') found.set(`${route.method} ${route.path}`, description);
  }
  return found;
}

/** Routes the app answers that no `describeRoute()` tells about. */
export function undocumentedRoutes(app: AnyApp): string[] {
  const described = routeDescriptions(app);
  return appRoutes(app).filter((route) => !described.has(route));
}
