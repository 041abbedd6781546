import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../testing/admin';
import { NAMED_SHAPES } from './openapi';

/**
 * The OpenAPI document names every request body and every answer by its shape in contracts/ (issue 27): a client
 * generator reads one `User`, declared once under `components.schemas`, wherever a route takes or gives one. The names
 * come from contracts/' exports themselves, so a shape added there needs no list to be kept.
 */

const { as, admin } = useAdminTestApp();

type JsonSchema = { $ref?: string; type?: string; items?: JsonSchema; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };
type Content = Record<string, { schema?: JsonSchema }>;
type Operation = { requestBody?: { content: Content }; responses: Record<string, { content?: Content }> };
type Spec = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** A reference to a named shape, a list of them, or one of several. */
const named = (schema: JsonSchema | undefined): boolean =>
  Boolean(
    schema &&
      ((schema.$ref?.startsWith('#/components/schemas/') ?? false) ||
        (schema.type === 'array' && named(schema.items)) ||
        (schema.anyOf ?? schema.oneOf)?.every(named)),
  );

let spec: Spec;
beforeAll(async () => {
  spec = await (await as(admin).get('/api/docs/json')).json();
});

describe('the names of the OpenAPI document', () => {
  it("declares every shape of contracts/ once, by the export's name without `Schema`", () => {
    expect(Object.keys(NAMED_SHAPES).length).toBeGreaterThan(90);
    expect(Object.keys(spec.components.schemas)).toEqual(expect.arrayContaining(Object.keys(NAMED_SHAPES)));
    expect(Object.keys(NAMED_SHAPES)).toEqual(
      expect.arrayContaining(['User', 'ContactMessage', 'RescheduleBooking', 'SsoSettings', 'UsageReport']),
    );
    // Query and path parameters are listed field by field, not named.
    expect(Object.keys(NAMED_SHAPES).filter((name) => /(Query|Params)$/.test(name))).toEqual([]);
  });

  it('refers every JSON request body and every JSON success to a named shape', () => {
    const unnamed: string[] = [];
    for (const [path, item] of Object.entries(spec.paths))
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema;
        // The scheduling service's webhook is read as raw text: its signature is over the bytes (D17).
        if (operation.requestBody && !named(body) && body?.type !== 'string') unnamed.push(`${where} body`);
        for (const [status, answer] of Object.entries(operation.responses)) {
          const json = answer.content?.['application/json'];
          // A 204 has no body to name.
          if (/^2/.test(status) && status !== '204' && json && !named(json.schema)) unnamed.push(`${where} ${status}`);
        }
      }
    expect(unnamed).toEqual([]);
  });

  it("documents the body guard's refusals on every route that takes a body: 413, and 415 unless it reads text", () => {
    const missing: string[] = [];
    let bodies = 0;
    for (const [path, item] of Object.entries(spec.paths))
      for (const [method, operation] of Object.entries(item)) {
        if (!operation.requestBody) continue;
        bodies++;
        const text = Object.values(operation.requestBody.content)[0]?.schema?.type === 'string';
        for (const status of text ? ['413'] : ['413', '415'])
          if (!operation.responses[status]) missing.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    expect(bodies).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});
