// Long file: the generator of the browser's route table and the text it writes, kept together.
/**
 * Writes `contracts/src/api/routes.gen.ts`, the table the browser's client (`frontend/src/lib/api.ts`) takes every
 * answer's type from, out of the API's own routes (issue 27, decision 052): each route's method, path and the schema
 * its `response:` validates a success with (or, for a route that sends bytes it made itself, the schema its OpenAPI
 * entry names). A changed answer schema changes the table, and so the browser's build; `scripts/api-routes.test.ts`
 * fails while the committed table differs from what this writes. Run: `make api-routes`.
 */
import { writeFileSync } from 'node:fs';
import * as contracts from '@app/contracts';
import { createApp } from '../backend/src/app';
import type { AppDeps } from '../backend/src/deps';
import { loadApiConfig } from '../backend/src/env';

const TABLE = new URL('../contracts/src/api/routes.gen.ts', import.meta.url).pathname;

interface Route {
  method: string;
  path: string;
  hooks?: { response?: unknown; detail?: { responses?: Record<string, DocumentedAnswer> } };
}
interface DocumentedAnswer {
  content?: { 'application/json'?: { schema?: { $ref?: string; type?: string; items?: { $ref?: string } } } };
}
/** A valibot schema, as far as the table reads it. */
interface Schema {
  kind: 'schema';
  type: string;
  item?: Schema;
  options?: Schema[];
}

/** Every schema `@app/contracts` exports, by the object itself: the table names them as the browser imports them. */
const names = new Map<unknown, string>();
for (const [name, value] of Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b)))
  if (name.endsWith('Schema') && value && typeof value === 'object' && 'kind' in value && !names.has(value))
    names.set(value, name);

const isSchema = (value: unknown): value is Schema =>
  Boolean(value && typeof value === 'object' && (value as { kind?: unknown }).kind === 'schema');

/** The TypeScript type of what `schema` lets through, in the generated file's words. */
function typeOf(schema: Schema, where: string): string {
  const name = names.get(schema);
  if (name) return `Of<typeof api.${name}>`;
  if (schema.type === 'undefined' || schema.type === 'null') return 'null';
  if (['string', 'number', 'boolean'].includes(schema.type)) return schema.type;
  if (schema.type === 'array' && schema.item) return `${typeOf(schema.item, where)}[]`;
  if (schema.type === 'union' && schema.options) return schema.options.map((o) => typeOf(o, where)).join(' | ');
  throw new Error(
    `${where} answers with a schema that contracts/ does not export: name it in contracts/src/api/ (the browser and ` +
      'the OpenAPI document take it from there)',
  );
}

/** A success documented (not validated) in the route's OpenAPI entry, as a reference to a named shape. */
function documentedType(answer: DocumentedAnswer | undefined, where: string): string | null {
  const schema = answer?.content?.['application/json']?.schema;
  const ref = schema?.$ref ?? (schema?.type === 'array' ? schema.items?.$ref : undefined);
  if (!ref) return null;
  const shape = `${ref.replace('#/components/schemas/', '')}Schema`;
  if (!(shape in contracts)) throw new Error(`${where} documents ${ref}, which contracts/ does not export`);
  return schema?.type === 'array' ? `Of<typeof api.${shape}>[]` : `Of<typeof api.${shape}>`;
}

/** What a route answers when it succeeds (2xx), or null when it names nothing (a redirect, a file, a page). */
function answerOf(route: Route): string | null {
  const where = `${route.method} ${route.path}`;
  const response = route.hooks?.response;
  const types = new Set<string>();
  if (isSchema(response)) types.add(typeOf(response, where));
  else if (response && typeof response === 'object')
    for (const [status, schema] of Object.entries(response))
      if (/^2\d\d$/.test(status) && isSchema(schema)) types.add(typeOf(schema, `${where} (${status})`));
  for (const [status, answer] of Object.entries(route.hooks?.detail?.responses ?? {})) {
    if (!/^2\d\d$/.test(status) || types.size > 0) continue;
    const documented = documentedType(answer, `${where} (${status})`);
    if (documented) types.add(documented);
    else if (status === '204') types.add('null');
  }
  return types.size === 0 ? null : [...types].join(' | ');
}

/** The path as the browser writes it: each `:param` any text. */
const pattern = (path: string) => path.replace(/:[^/]+/g, `\${string}`);

/** Static paths before those with parameters, longer before shorter: the first pattern a path matches answers it. */
function specificity(path: string): [number, number, string] {
  return [path.includes(':') ? 1 : 0, -path.split('/').length, path];
}
const bySpecificity = (a: Route, b: Route) => {
  const [x, y] = [specificity(a.path), specificity(b.path)];
  return x[0] - y[0] || x[1] - y[1] || x[2].localeCompare(y[2]) || a.method.localeCompare(b.method);
};

/** The API's routes, from the app itself, built on dependencies it never calls while routes are only declared. */
function appRoutes(): Route[] {
  const config = loadApiConfig({
    DATABASE_URL: 'postgres://routes@127.0.0.1:1/routes',
    REDIS_URL: 'redis://127.0.0.1:1',
    APP_URL: 'http://localhost:3000',
    COMPANY_EMAIL: 'routes@example.test',
  });
  // Read while the routes are declared (a pool's options, say); called only by a request, which never comes.
  const unused = new Proxy(
    {},
    {
      get: (_target, key) =>
        key === 'then'
          ? undefined
          : () => {
              throw new Error(`The route table's app called deps.${String(key)}`);
            },
    },
  );
  const deps = { config, secretBox: null, clock: { now: () => new Date() } };
  const app = createApp(new Proxy(deps, { get: (t, k) => (k in t ? t[k as keyof typeof t] : unused) }) as AppDeps, {
    serveSpa: false,
  });
  return (app as unknown as { routes: Route[] }).routes;
}

/** The text of routes.gen.ts. */
export function routeTable(): string {
  const rows = appRoutes()
    .filter(
      (route) => route.path.startsWith('/api/') && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    )
    .sort(bySpecificity)
    .flatMap((route) => {
      const answer = answerOf(route);
      return answer === null ? [] : [`  ['${route.method}', \`${pattern(route.path)}\`, ${answer}],`];
    });
  return `// Generated by scripts/api-routes.ts from the API's routes (make api-routes): never edited by hand.
// Long file: one row a route. scripts/api-routes.test.ts fails while this differs from what the routes declare.
import type * as v from 'valibot';
import type * as api from '../index';

type Of<S extends v.GenericSchema> = v.InferOutput<S>;

/** Every JSON route of the API: its method, its path (a parameter is any text) and what it answers on success. */
export type RouteTable = [
${rows.join('\n')}
];
`;
}

if (import.meta.main) {
  writeFileSync(TABLE, routeTable());
  console.log(`Wrote ${TABLE}`);
}
