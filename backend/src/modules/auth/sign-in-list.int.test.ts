import * as schema from '@app/db/schema';
import { createOrganization, createSignIns, createUser } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from '../../../testing/admin';

const { t, as, admin } = useAdminTestApp();

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Row {
  id: number;
  userId: number | null;
  email: string;
  personName: string | null;
  erased: boolean;
  organizationName: string | null;
  browser: string;
  system: string;
}

const list = async (query: string) => {
  const response = await as(admin).get(`/api/admin/sign-ins?${query}`);
  expect(response.status, query).toBe(200);
  return { rows: (await response.json()) as Row[], total: Number(response.headers.get('x-total-count')) };
};

describe('the sign-ins list answers names, not ids (issue 27)', () => {
  it("names the person and the single sign-on organization, keeps the ids, and names an erased person 'Erased person'", async () => {
    const org = await createOrganization(t.db, { name: 'Named SSO Org' });
    const named = await createUser(t.db, { email: 'named@signins.example', firstName: 'Nora', lastName: 'Named' });
    const doomed = await createUser(t.db, { email: 'doomed@signins.example', firstName: 'Dora', lastName: 'Doomed' });
    await t.db.insert(schema.signInEvents).values([
      {
        userId: named.id,
        email: named.email,
        method: 'sso',
        result: 'success',
        organizationId: org.id,
        userAgent: CHROME,
      },
      { userId: doomed.id, email: doomed.email, method: 'password', result: 'success', userAgent: CHROME },
      { userId: null, email: 'nobody@signins.example', method: 'password', result: 'failure', userAgent: null },
    ]);
    const erase = await as(admin).send('POST', '/api/admin/personal-data/erase', { email: doomed.email });
    expect(erase.status).toBe(200);

    const { rows } = await list('page=1&pageSize=100&q=signins.example');
    const nora = rows.find((r) => r.userId === named.id);
    expect(nora).toMatchObject({
      personName: 'Nora Named',
      erased: false,
      organizationName: 'Named SSO Org',
      browser: 'Chrome 131',
      system: 'Windows 10',
    });
    expect(rows.find((r) => r.email === 'nobody@signins.example')).toMatchObject({
      personName: null,
      browser: 'Unknown browser',
      system: 'Unknown system',
    });
    const gone = await list('page=1&pageSize=100&q=erased');
    expect(gone.rows.length).toBeGreaterThan(0);
    for (const row of gone.rows) expect(row).toMatchObject({ personName: 'Erased person', erased: true });
    expect(JSON.stringify(gone.rows)).not.toContain('Dora');
    // The person's name is searched too.
    expect((await list('page=1&pageSize=100&q=nora named')).rows.map((r) => r.userId)).toEqual([named.id]);
  });

  it('pages by the server in a stable order: every row once across pages, the total in X-Total-Count', async () => {
    const person = await createUser(t.db, { email: 'pager@signins.example' });
    await createSignIns(t.db, person, 23, (i) => ({
      result: i % 3 ? 'success' : 'failure',
      // Many at the same instant: the tie-break keeps pages apart.
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 4))),
    }));
    for (const [sort, order] of [
      ['createdAt', 'desc'],
      ['createdAt', 'asc'],
      ['result', 'asc'],
      ['email', 'desc'],
    ]) {
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const { rows, total } = await list(`userId=${person.id}&page=${page}&pageSize=10&sort=${sort}&order=${order}`);
        expect(total).toBe(23);
        seen.push(...rows.map((r) => r.id));
      }
      expect(new Set(seen).size, `${sort} ${order}`).toBe(23);
    }
    const failures = await list(`userId=${person.id}&result=failure&page=1&pageSize=5`);
    expect(failures.total).toBe(8);
    expect(failures.rows).toHaveLength(5);
  });

  it('answers 422 with the parameter named to hostile paging, and 200 or 4xx (never 500) to hostile text', async () => {
    for (const query of ['page=1e309', 'page=-1', 'pageSize=1000', 'sort=ipAddress', 'order=up', 'q=%00']) {
      const response = await as(admin).get(`/api/admin/sign-ins?${query}`);
      expect(response.status, query).toBe(422);
      expect(JSON.stringify(await response.json()), query).toMatch(/page|pageSize|sort|order|q/);
    }
    for (const query of ['q=%ED%A0%80', 'q=%25_%5C', `email=${'x'.repeat(199)}`, 'q=%F0%9F%98%80']) {
      const status = (await as(admin).get(`/api/admin/sign-ins?page=1&${query}`)).status;
      expect(status === 200 || (status >= 400 && status < 500), query).toBe(true);
    }
    const crowd = await Promise.all(
      Array.from({ length: 12 }, (_, i) => as(admin).get(`/api/admin/sign-ins?page=${i + 1}&pageSize=3`)),
    );
    expect(crowd.map((r) => r.status)).toEqual(crowd.map(() => 200));
  });
});
