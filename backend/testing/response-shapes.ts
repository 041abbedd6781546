import { type AnyElysia, Elysia } from 'elysia';
import type * as v from 'valibot';

/**
 * Tests only: the fields an answer carries that its schema does not declare. In production the response schemas
 * (`contracts/src/api/`) strip such fields quietly, which keeps secrets in but hides a disagreement between a service
 * and its schema (a field the browser will never see); in tests that disagreement fails the request.
 */
export function undeclaredFields(schema: v.GenericSchema, value: unknown, path = ''): string[] {
  const node = schema as v.GenericSchema & {
    entries?: Record<string, v.GenericSchema>;
    item?: v.GenericSchema;
    wrapped?: v.GenericSchema;
    options?: v.GenericSchema[];
    value?: v.GenericSchema;
  };
  if (value === null || value === undefined) return [];
  switch (node.type) {
    case 'object':
    case 'strict_object': {
      if (typeof value !== 'object' || Array.isArray(value) || !node.entries) return [];
      const entries = node.entries;
      return Object.entries(value).flatMap(([key, field]) => {
        const fieldSchema = entries[key];
        return fieldSchema ? undeclaredFields(fieldSchema, field, `${path}${key}.`) : [`${path}${key}`];
      });
    }
    case 'array':
      return Array.isArray(value) && node.item
        ? value.flatMap((item, index) => undeclaredFields(node.item as v.GenericSchema, item, `${path}${index}.`))
        : [];
    case 'nullable':
    case 'optional':
    case 'nullish':
      return node.wrapped ? undeclaredFields(node.wrapped, value, path) : [];
    case 'union': {
      // The option that explains the value best.
      const found = (node.options ?? []).map((option) => undeclaredFields(option, value, path));
      return found.reduce((best, next) => (next.length < best.length ? next : best), found[0] ?? []);
    }
    default:
      return [];
  }
}

type ResponseHook = v.GenericSchema | Record<string, v.GenericSchema> | undefined;

function schemaFor(hook: ResponseHook, status: number): v.GenericSchema | undefined {
  if (!hook) return undefined;
  if ('~standard' in hook) return hook as v.GenericSchema;
  return (hook as Record<string, v.GenericSchema>)[String(status)];
}

/**
 * `app` inside an app that checks every answer against its route's response schema before that schema strips it:
 * an undeclared field is logged and answered 500, so the test that made the request fails.
 */
export function withResponseShapeCheck(app: AnyElysia) {
  const hooks = new Map<string, ResponseHook>();
  for (const route of app.routes)
    hooks.set(`${route.method} ${route.path}`, (route.hooks as { response?: ResponseHook }).response);
  return new Elysia({ name: 'response-shape-check' })
    .onAfterHandle({ as: 'global' }, ({ request, route, set, response }) => {
      if (response instanceof Response) return;
      // `status(201, body)` answers carry their own code.
      const custom = response as { code?: unknown; response?: unknown } | null;
      const isCustom = custom?.constructor?.name === 'ElysiaCustomStatusResponse';
      const status = isCustom ? Number(custom?.code) : typeof set.status === 'number' ? set.status : 200;
      const body = isCustom ? custom?.response : response;
      const schema = schemaFor(hooks.get(`${request.method} ${route}`), status);
      if (!schema) return;
      const extra = undeclaredFields(schema, body);
      if (extra.length === 0) return;
      const message = `${request.method} ${route} (${status}) answers fields its response schema does not declare: ${extra.join(', ')}`;
      console.error(message);
      throw new Error(message);
    })
    .use(app);
}
