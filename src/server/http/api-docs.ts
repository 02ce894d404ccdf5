// The API's documentation, served: GET /api/docs/openapi.json (the OpenAPI 3.1 document of every route
// the app answers, openapi-document.ts) and GET /api/docs (a readable page of it, api-docs-page.ts).
import { Hono } from 'hono';
import { renderDocsPage } from './api-docs-page';
import type { AppEnv } from './context';
import { type AnyApp, describeRoute } from './describe-route';
import { type OpenApiDocument, openApiDocument } from './openapi-document';

const TITLE = 'Campus Yearbook API';

/**
 * GET /api/docs/openapi.json (the document) and GET /api/docs (a readable page of it). The app is
 * read when first asked, once every route is in it.
 */
export function apiDocsRoutes(getApp: () => AnyApp) {
  let document: OpenApiDocument | undefined;
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
