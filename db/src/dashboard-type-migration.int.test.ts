import { TYPE_OF_EMBED_MODE } from '@app/contracts';
import { useTestDatabase } from '@app/db/testing';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationSql } from './migrate';
import { dashboards } from './schema';

const handle = useTestDatabase(2);

/** The SQL of the committed migration that makes every token-mode dashboard's type the one its mode decides. */
const migration = () => migrationSql('dashboard-type-follows-embed-mode');

describe('the dashboard type migration', () => {
  it('gives each token-mode dashboard the type of its mode, and leaves url-mode dashboards as they are', async () => {
    const row = (name: string, embedMode: string, type: string) => ({
      name,
      category: 'Sales',
      type,
      embedMode,
      embedUrl: embedMode === 'url' ? 'https://app.powerbi.com/view?r=x' : '',
    });
    await handle.db
      .insert(dashboards)
      .values([
        row('Metabase as Custom', 'metabase', 'Custom'),
        row('Tableau as PowerBI', 'tableau', 'PowerBI'),
        row('Power BI as Looker', 'powerbi', 'Looker'),
        row('Power BI already', 'powerbi', 'PowerBI'),
        row('A URL as Custom', 'url', 'Custom'),
        row('A URL as Tableau', 'url', 'Tableau'),
      ]);
    await handle.sql.unsafe(migration());
    const rows = await handle.db
      .select({ name: dashboards.name, embedMode: dashboards.embedMode, type: dashboards.type })
      .from(dashboards)
      .orderBy(asc(dashboards.id));
    expect(rows.map((r) => [r.name, r.type])).toEqual([
      ['Metabase as Custom', 'Metabase'],
      ['Tableau as PowerBI', 'Tableau'],
      ['Power BI as Looker', 'PowerBI'],
      ['Power BI already', 'PowerBI'],
      ['A URL as Custom', 'Custom'],
      ['A URL as Tableau', 'Tableau'],
    ]);
    // The SQL and the contracts' table agree on every mode the migration knew.
    for (const r of rows.filter((r) => r.embedMode !== 'url'))
      expect(r.type).toBe(TYPE_OF_EMBED_MODE[r.embedMode as keyof typeof TYPE_OF_EMBED_MODE]);
  });
});
