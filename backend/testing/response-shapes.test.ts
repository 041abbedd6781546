import { OrganizationDashboardLinkSchema, UserSchema } from '@app/contracts';
import { Elysia } from 'elysia';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { undeclaredFields, withResponseShapeCheck } from './response-shapes';

const user = {
  id: 1,
  email: 'a@example.com',
  firstName: null,
  lastName: null,
  isAdmin: false,
  isActive: true,
  hasLoggedIn: false,
  accountSetupComplete: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  organizations: [{ id: 2, name: 'Org' }],
};

describe('undeclaredFields', () => {
  it('finds nothing in an answer that has only the fields of its schema', () => {
    expect(undeclaredFields(UserSchema, user)).toEqual([]);
    expect(undeclaredFields(v.array(UserSchema), [user, user])).toEqual([]);
  });

  it('names each field the schema does not declare, nested ones and ones in lists included', () => {
    expect(undeclaredFields(UserSchema, { ...user, passwordHash: 'x' })).toEqual(['passwordHash']);
    expect(
      undeclaredFields(v.array(UserSchema), [user, { ...user, organizations: [{ id: 2, name: 'Org', domain: 'x' }] }]),
    ).toEqual(['1.organizations.0.domain']);
    expect(undeclaredFields(OrganizationDashboardLinkSchema, { organizationId: 1, extra: true })).toEqual(['extra']);
  });
});

describe('withResponseShapeCheck (every test app has it)', () => {
  // A service's row with a column more than the schema (not a fresh literal, which TypeScript would already refuse).
  const row = { id: 1, extra: 1 };
  const created: { id: number } = row;
  const app = withResponseShapeCheck(
    new Elysia()
      .get('/declared', () => ({ message: 'ok' }), { response: { 200: v.object({ message: v.string() }) } })
      .get('/undeclared', () => ({ message: 'ok', secret: 's' }), {
        response: { 200: v.object({ message: v.string() }) },
      })
      .post('/created', ({ status }) => status(201, created), {
        response: { 201: v.object({ id: v.number() }) },
      }),
  );
  const call = (method: string, path: string) => app.handle(new Request(`http://localhost${path}`, { method }));

  it('lets an answer through that matches its schema', async () => {
    const response = await call('GET', '/declared');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'ok' });
  });

  it('fails a route that answers a field its response schema does not have (instead of the schema quietly dropping it)', async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect((await call('GET', '/undeclared')).status).toBe(500);
      expect((await call('POST', '/created')).status).toBe(500);
    } finally {
      console.error = quiet;
    }
  });
});
