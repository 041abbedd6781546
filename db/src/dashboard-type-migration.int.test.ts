import { TYPE_OF_EMBED_MODE } from '@app/contracts';
import { createDashboard, useTestDatabase } from '@app/db/testing';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationSql } from './migrate';
import { dashboards } from './schema';

const handle = useTestDatabase(2);

/** The SQL of the committed migration that makes every token-mode dashboard's type the one its mode decides. */
const migration = () => migrationSql('dashboard-type-follows-embed-mode');

describe('the dashboard type migration', () => {
  it('gives each token-mode dashboard the type of its mode, and leaves url-mode dashboards as they are', async () => {
    const cases: [name: string, embedMode: string, typeBefore: string, typeAfter: string][] = [
      ['Metabase as Custom', 'metabase', 'Custom', 'Metabase'],
      ['Tableau as PowerBI', 'tableau', 'PowerBI', 'Tableau'],
      ['Power BI as Looker', 'powerbi', 'Looker', 'PowerBI'],
      ['Power BI already', 'powerbi', 'PowerBI', 'PowerBI'],
      ['A URL as Custom', 'url', 'Custom', 'Custom'],
      ['A URL as Tableau', 'url', 'Tableau', 'Tableau'],
    ];
    for (const [name, embedMode, type] of cases)
      await createDashboard(handle.db, {
        name,
        type,
        embedMode,
        embedUrl: embedMode === 'url' ? 'https://app.powerbi.com/view?r=x' : '',
      });
    await handle.sql.unsafe(migration());
    const rows = await handle.db
      .select({ name: dashboards.name, embedMode: dashboards.embedMode, type: dashboards.type })
      .from(dashboards)
      .orderBy(asc(dashboards.id));
    expect(rows.map((r) => [r.name, r.type])).toEqual(cases.map(([name, , , typeAfter]) => [name, typeAfter]));
    // The SQL and the contracts' table agree on every mode the migration knew.
    for (const r of rows.filter((r) => r.embedMode !== 'url'))
      expect(r.type).toBe(TYPE_OF_EMBED_MODE[r.embedMode as keyof typeof TYPE_OF_EMBED_MODE]);
  });
});
