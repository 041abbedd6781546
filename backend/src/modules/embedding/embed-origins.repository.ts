import type { Database } from '@app/db';
import { embedConnections } from '@app/db/schema';
import { sql } from 'drizzle-orm';

/** The site URLs of the Tableau and Metabase connections (Power BI embeds from app.powerbi.com, always allowed). */
export async function listConnectionSiteUrls(db: Database): Promise<string[]> {
  const rows = await db
    .select({ siteUrl: sql<string | null>`${embedConnections.settings}->>'siteUrl'` })
    .from(embedConnections);
  return rows.flatMap((row) => (row.siteUrl ? [row.siteUrl] : []));
}
