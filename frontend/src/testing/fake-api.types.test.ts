import type { ApiAnswer } from '@app/contracts/api/routes';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type FakeRoute, makeUser, reply, stubApi } from './fake-api';

// The fake API is typed from the table generated from the API's routes (decision 052): make typecheck fails when a
// test's fake answer is not what the route answers. Type-level checks only: nothing here is called.
describe("the browser tests' fake API, in types", () => {
  it("checks a reply against the route's answer, and lets a refusal or a hand-written route answer anything", () => {
    const declarations = () => {
      stubApi({ 'GET /api/auth/user': reply(makeUser()), 'DELETE /api/admin/users/7': reply(null, 204) });
      // @ts-expect-error GET /api/auth/user answers a User, not a message
      stubApi({ 'GET /api/auth/user': reply({ message: 'Signed in' }) });
      // @ts-expect-error a list's page answers an array of its items
      stubApi({ 'GET /api/admin/users?page=1': reply(makeUser()) });
      stubApi({ 'GET /api/auth/user': reply({ message: 'Authentication required', issues: [] }, 401) });
      stubApi({ 'GET /api/auth/user': (() => new Response(null)) satisfies FakeRoute });
    };
    expectTypeOf(reply(makeUser())).toEqualTypeOf<FakeRoute<ReturnType<typeof makeUser>>>();
    expectTypeOf<ApiAnswer<'GET', '/api/admin/users?page=1'>>().toEqualTypeOf<ReturnType<typeof makeUser>[]>();
    expect(typeof declarations).toBe('function');
  });
});
