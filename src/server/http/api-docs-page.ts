// /api/docs as a page for people: the OpenAPI document's routes by group, each with its summary and
// who may call it. Text from the descriptions is escaped by hono/html.
import { html } from 'hono/html';
import type { OpenApiDocument } from './openapi-document';

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  requestBody?: unknown;
  parameters: { name: string; in: string }[];
}

/** The document as a page: each group, each route with its summary and who may call it. */
export function renderDocsPage(document: OpenApiDocument) {
  const title = document.info.title;
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
    <title>${title}</title>
  </head>
  <body>
    <main>
      <h1>${title}</h1>
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
