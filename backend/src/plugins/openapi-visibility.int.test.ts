import * as schema from '@app/db/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../testing/admin';

/**
 * The OpenAPI document is public for the public API only (issue 26 item 29): anonymous callers and signed-in people
 * who are not administrators get no administration route (nor the shapes and tags only those use); a signed-in
 * administrator gets everything, as the queue board is guarded. The page works for both.
 */

const { t, as, admin, client, signIn } = useAdminTestApp();

type Spec = {
  paths: Record<string, Record<string, { tags?: string[] }>>;
  tags?: { name: string }[];
  components: { schemas: Record<string, unknown> };
};
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = (spec: Spec) =>
  Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

let full: Spec;
let open: Spec;
beforeAll(async () => {
  full = await (await as(admin).get('/api/docs/json')).json();
  open = await (await t.get('/api/docs/json')).json();
});

describe('the OpenAPI document', () => {
  it('gives anonymous callers the public API only', () => {
    const paths = Object.keys(open.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/contact', '/api/auth/login', '/api/dashboards/{id}']));
    expect(paths.filter((path) => path.startsWith('/api/admin'))).toEqual([]);
    for (const [path, item] of Object.entries(open.paths))
      for (const operation of Object.values(item)) expect(operation.tags ?? [], path).not.toContain('Admin');
    expect(open.tags?.map((tag) => tag.name)).not.toContain('Admin');
    // The shapes only the administration answers with are not named either; the public ones are.
    expect(Object.keys(open.components.schemas)).not.toContain('AdminDashboard');
    expect(Object.keys(open.components.schemas)).not.toContain('AuditEntry');
    expect(Object.keys(open.components.schemas)).toEqual(expect.arrayContaining(['ApiError', 'User', 'PublicConfig']));
  });

  it('gives a signed-in administrator everything', () => {
    const paths = Object.keys(full.paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/admin/users', '/api/admin/organizations/{id}/sso']));
    expect(operations(full).length).toBeGreaterThan(operations(open).length);
    // Whatever the public document has, the whole one has too.
    expect(operations(full)).toEqual(expect.arrayContaining(operations(open)));
    expect(Object.keys(full.components.schemas)).toEqual(expect.arrayContaining(['AdminDashboard', 'AuditEntry']));
  });

  it('gives a client the public API only, and never lets a shared cache keep one reader version for another', async () => {
    const response = await as(client).get('/api/docs/json');
    expect(operations(await response.json()).sort()).toEqual(operations(open).sort());
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toContain('cookie');
  });

  it('gives an administrator who must still set up two-factor sign-in the public API only', async () => {
    const pending = await signIn({ isAdmin: true });
    await t.db.insert(schema.appSettings).values({ key: 'requireAdminTwoFactor', value: true });
    try {
      const spec = await (await as(pending).get('/api/docs/json')).json();
      expect(operations(spec).sort()).toEqual(operations(open).sort());
    } finally {
      await t.db.delete(schema.appSettings);
    }
  });

  it('leaves out exactly the routes a signed-in client is refused as not an administrator', async () => {
    const hidden = operations(full).filter((operation) => !operations(open).includes(operation));
    const refusedAsClient: string[] = [];
    // Signing out would end the client's session for the rest of the walk.
    for (const operation of operations(full).filter((operation) => !operation.includes('logout'))) {
      const [method, path] = operation.split(' ') as [string, string];
      const concrete = path.replace(/\{[^}]+\}/g, '1');
      const answer = await as(client).send(method, concrete, method === 'GET' ? undefined : {});
      if (answer.status === 403 && (await answer.json()).message === 'Administrator access required')
        refusedAsClient.push(operation);
    }
    expect(hidden.length).toBeGreaterThan(30);
    expect(refusedAsClient.sort()).toEqual(hidden.sort());
  });

  it('keeps the documentation page working for both', async () => {
    for (const who of [null, admin]) {
      const page = await as(who).get('/api/docs');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/api/docs/assets/start.js');
    }
    expect((await t.get('/api/docs/assets/start.js')).status).toBe(200);
  });
});
