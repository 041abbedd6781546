import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeTable } from './api-routes';

const committed = readFileSync(new URL('../contracts/src/api/routes.gen.ts', import.meta.url), 'utf8');

describe("the browser's route table (contracts/src/api/routes.gen.ts)", () => {
  it("is what the API's routes declare today: run `make api-routes` after changing a route's answer", () => {
    expect(committed).toBe(routeTable());
  }, 60_000);

  it('types every JSON route the browser calls by the schema its route validates the answer with', () => {
    const table = routeTable();
    expect(table).toContain("['GET', `/api/auth/user`, Of<typeof api.UserSchema>],");
    // A list's page: the array of its items. A 204: null. A route that sends its own bytes: its documented shape.
    expect(table).toContain("['GET', `/api/admin/users`, Of<typeof api.UserSchema>[]],");
    expect(table).toContain(`['DELETE', \`/api/admin/users/\${string}\`, null],`);
    expect(table).toContain("['GET', `/api/dashboards/public`, Of<typeof api.PublicDashboardSchema>[]],");
    // Two answers of one route (200 signed in, 202 a second step to come).
    expect(table).toContain(
      "['POST', `/api/auth/login`, Of<typeof api.LoginResultSchema> | Of<typeof api.SecondFactorRequiredSchema>],",
    );
    // A static path comes before the pattern that would also match it.
    expect(table.indexOf('`/api/dashboards/organization`')).toBeLessThan(
      table.indexOf(`\`/api/dashboards/\${string}\``),
    );
    // Redirects, pages and files name no JSON answer.
    expect(table).not.toMatch(/`\/api\/(login|logout|docs)/);
  }, 60_000);
});
