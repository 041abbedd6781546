import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as api from '@app/contracts';
import { openapi } from '@elysiajs/openapi';
import { type ConversionConfig, toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema';
import { Elysia } from 'elysia';
import type * as v from 'valibot';
import { readCookie, SESSION_COOKIE } from '../lib/cookies';
import { notFound } from '../lib/http-error';
import type { SessionCheck } from './auth';
import { type OpenApiDocument, publicDocument } from './openapi-public';
import { selfOnlyPolicy } from './security-headers';
import { preferredEncoding } from './spa';

/** The kinds of schema that are shapes of a body: a field's own type (an e-mail, a date) stays inline. */
const SHAPES = new Set([
  'object',
  'strict_object',
  'loose_object',
  'object_with_rest',
  'variant',
  'union',
  'intersect',
]);

/**
 * Every request and answer shape of `contracts/` (each `*Schema` export that is an object, a union or a variant; the
 * query and path parameters, `*QuerySchema` and `*ParamsSchema`, are listed field by field instead), named without
 * its `Schema`: the document declares each once under `components.schemas` and every body and answer of that shape
 * refers to it (`$ref`), so a client generator sees one `User`, not eleven copies. Taken from the exports themselves
 * (issue 27), so a shape added to contracts/ is named without a list to keep.
 */
export const NAMED_SHAPES: Record<string, v.GenericSchema> = (() => {
  const named: Record<string, v.GenericSchema> = {};
  const seen = new Set<unknown>();
  for (const [name, value] of Object.entries(api).sort(([a], [b]) => a.localeCompare(b))) {
    if (!name.endsWith('Schema') || /(Query|Params)Schema$/.test(name)) continue;
    const schema = value as { kind?: unknown; type?: unknown };
    if (schema?.kind !== 'schema' || !SHAPES.has(schema.type as string) || seen.has(value)) continue;
    seen.add(value);
    named[name.slice(0, -'Schema'.length)] = value as v.GenericSchema;
  }
  return named;
})();

const conversion = {
  // Valibot schemas with transforms (trim) still describe their input shape.
  errorMode: 'ignore',
  definitions: NAMED_SHAPES,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
} satisfies ConversionConfig;

/** The named shapes, once each, with their own references to each other (a login result refers to `User`). */
function namedComponents() {
  const { definitions: _all, ...config } = conversion;
  const components: Record<string, object> = {};
  for (const [name, json] of Object.entries(toJsonSchemaDefs(NAMED_SHAPES, config))) {
    const { $schema: _schema, ...rest } = json as Record<string, unknown>;
    components[name] = rest;
  }
  return components;
}

/** A schema as the document shows it: named shapes as references to `components.schemas`. */
export function documentedSchema(schema: v.GenericSchema): object {
  const { $defs: _defs, ...json } = toJsonSchema(schema, conversion);
  return json;
}

/**
 * What the body guard (plugins/body-guard.ts) answers for any route that takes a body, before the route runs: 413 for
 * a body over 1 MB, 415 for one that is not JSON (decision 058; not for a route that reads its body as text, whose
 * body the document declares as a string). Added to every such operation of the document, once (the plugin keeps
 * one document until the routes change).
 */
function documentBodyRefusals(document: { paths?: Record<string, Record<string, unknown>> }) {
  const error = (description: string) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  });
  for (const item of Object.values(document.paths ?? {}))
    for (const operation of Object.values(item) as {
      requestBody?: { content?: Record<string, { schema?: { type?: string } }> };
      responses?: Record<string, unknown>;
    }[]) {
      if (!operation?.requestBody || !operation.responses) continue;
      operation.responses['413'] ??= error('The request body is over 1 MB');
      const body = Object.values(operation.requestBody.content ?? {})[0]?.schema;
      if (body?.type !== 'string') operation.responses['415'] ??= error('The request body is not JSON');
    }
}

const DOCS_PATH = '/api/docs';
const SPEC_PATH = `${DOCS_PATH}/json`;
const ASSETS = `${DOCS_PATH}/assets`;

/**
 * The documentation page runs nothing from elsewhere: the viewer (Swagger UI, pinned in backend/package.json) is
 * served from this app, its start-up is a script file of ours (no inline script), and the page's policy allows only
 * this origin.
 */
const DOCS_CONTENT_SECURITY_POLICY = selfOnlyPolicy();

const viewerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Lucid Insight API</title>
  <link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${ASSETS}/swagger-ui-bundle.js"></script>
  <script src="${ASSETS}/start.js"></script>
</body>
</html>
`;

// validatorUrl null: the viewer would otherwise send the document to a public validator for its badge.
const START = `window.ui = SwaggerUIBundle({ url: '${DOCS_PATH}/json', dom_id: '#swagger-ui', validatorUrl: null, deepLinking: true });\n`;

const VIEWER_FILES: Record<string, { path: string; type: string }> = {
  'swagger-ui.css': { path: join(viewerDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { path: join(viewerDir, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
};

/** The viewer's files, compressed once when first asked for (they are large and never change while running). */
function viewerAssets() {
  const compressed = new Map<string, Uint8Array<ArrayBuffer>>();
  return (name: string, acceptEncoding: string | null): Response => {
    const headers = { 'cache-control': 'public, max-age=86400', vary: 'accept-encoding' };
    if (name === 'start.js')
      return new Response(START, { headers: { ...headers, 'content-type': 'text/javascript; charset=utf-8' } });
    const file = VIEWER_FILES[name];
    if (!file) throw notFound();
    const encoding = preferredEncoding(acceptEncoding) === null ? null : 'gzip';
    if (!encoding) return new Response(Bun.file(file.path), { headers: { ...headers, 'content-type': file.type } });
    let body = compressed.get(name);
    if (!body) {
      body = Bun.gzipSync(readFileSync(file.path), { level: 9 }) as Uint8Array<ArrayBuffer>;
      compressed.set(name, body);
    }
    return new Response(body, { headers: { ...headers, 'content-type': file.type, 'content-encoding': 'gzip' } });
  };
}

/**
 * OpenAPI documentation at /api/docs (the JSON at /api/docs/json): the public API for everyone, every endpoint for a
 * signed-in administrator (who has set up two-factor sign-in where that is required), as the queue board is guarded.
 */
export const openapiPlugin = (validateSession: SessionCheck) => {
  const assets = viewerAssets();
  // The plugin keeps one document until the routes change; its public version is made once for each.
  const publicVersions = new WeakMap<object, OpenApiDocument>();
  const isAdministrator = async (request: Request) => {
    const session = await validateSession(readCookie(request, SESSION_COOKIE));
    return Boolean(session?.user.isAdmin && !session.enrolmentRequired);
  };
  return (
    new Elysia({ name: 'api-docs' })
      // Before the plugin, whose route it must wrap (a hook applies to the routes added after it).
      .onAfterHandle({ as: 'local' }, async ({ request, response, set }) => {
        if (!request.url.endsWith(SPEC_PATH) || new URL(request.url).pathname !== SPEC_PATH) return;
        if (!response || typeof response !== 'object' || !('paths' in response)) return;
        documentBodyRefusals(response as Parameters<typeof documentBodyRefusals>[0]);
        // Who reads it decides what it says: no shared cache may keep one reader's version for another.
        set.headers['cache-control'] = 'private, no-store';
        set.headers.vary = 'cookie';
        if (await isAdministrator(request)) return;
        const full = response as OpenApiDocument;
        let open = publicVersions.get(full);
        if (!open) {
          open = publicDocument(full);
          publicVersions.set(full, open);
        }
        return open;
      })
      .use(
        openapi({
          path: DOCS_PATH,
          // The page is ours (below): the plugin's own loads its viewer from a CDN.
          provider: null,
          mapJsonSchema: { valibot: documentedSchema },
          exclude: { paths: ['/*', /^\/admin\/queues/] },
          documentation: {
            info: {
              title: 'Lucid Insight API',
              version: '1.0.0',
              description:
                'The API of the marketing site and client portal. Every failure answers `{ message, issues: [{ path, message }] }`.',
            },
            components: { schemas: namedComponents() },
            tags: [
              { name: 'System', description: 'Health and public runtime configuration' },
              { name: 'Contact', description: 'Contact form' },
              { name: 'Auth', description: 'Sessions, sign-in, invitations, password resets, profile' },
              { name: 'Dashboards', description: 'Sample and client dashboards' },
              { name: 'Admin', description: 'Organizations, dashboards, users, links, audit (administrators only)' },
              {
                name: 'Booking',
                description: 'Consultation availability, booking, cancelling, the scheduling webhook',
              },
              { name: 'Site', description: 'Published case studies and the legal pages' },
            ],
          },
        }),
      )
      .get(
        DOCS_PATH,
        () =>
          new Response(PAGE, {
            headers: {
              'content-type': 'text/html; charset=utf-8',
              'cache-control': 'no-cache',
              'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
            },
          }),
        { detail: { hide: true } },
      )
      .get(`${ASSETS}/:name`, ({ params, request }) => assets(params.name, request.headers.get('accept-encoding')), {
        detail: { hide: true },
      })
  );
};
