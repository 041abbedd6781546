import { useTestDatabase } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { dashboards, organizationDashboards, organizations } from './schema';
import { seed } from './seed';

const handle = useTestDatabase(2);

describe('make seed', () => {
  it('loads the five public sample dashboards of the home page and a demo organization, once however often it runs', async () => {
    await seed(handle.db);
    await seed(handle.db);
    const rows = await handle.db.select().from(dashboards);
    expect(rows.map((d) => d.name)).toEqual([
      'Education Enrollment Analytics',
      'Research Survey and Stress Study',
      'Operations Fabrication Progress',
      'Pre Program Survey Analytics',
      'Post Program Survey Analytics',
    ]);
    expect(rows.every((d) => d.isPublic && d.embedUrl.startsWith('https://'))).toBe(true);
    expect(rows.find((d) => d.category === 'Education')?.type).toBe('Looker');
    expect(await handle.db.select().from(organizations)).toHaveLength(1);
    expect(await handle.db.select().from(organizationDashboards)).toHaveLength(5);
  });
});
