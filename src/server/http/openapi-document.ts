// The OpenAPI 3.1 document of the running app (decision 011): every route it answers, each with what
// its describeRoute() says it takes and answers, the shared zod schemas written as JSON Schema.
import { z } from 'zod';
import { type AnyApp, type AnyDescription, appRoutes, routeDescriptions } from './describe-route';

type Schema = z.core.$ZodType;

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
  const described = routeDescriptions(app);
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

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
