import type { UsageReport } from '@app/contracts';

/**
 * The usage report as CSV (issue 18), for a spreadsheet: one row per figure. Every cell is quoted, and a text cell
 * that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return) gets a leading
 * apostrophe (OWASP's advice against CSV injection): a dashboard or person named `=HYPERLINK(...)` stays text.
 */

const HEADER = ['Section', 'Period', 'Id', 'Name', 'E-mail', 'Organizations', 'Views', 'Last activity'];

type Cell = string | number | null;

function csvCell(value: Cell): string {
  if (value === null) return '""';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const line = (cells: Cell[]) => cells.map(csvCell).join(',');

export function usageCsv(report: UsageReport): string {
  const rows: Cell[][] = [HEADER];
  report.buckets.forEach((bucket, i) => {
    rows.push(['Total', bucket, null, null, null, null, report.totals[i] ?? 0, null]);
  });
  const perPeriod = (section: string, list: { id: number; name: string; email?: string; counts?: number[] }[]) => {
    for (const item of list)
      item.counts?.forEach((views, i) => {
        if (views > 0)
          rows.push([section, report.buckets[i]!, item.id, item.name, item.email ?? null, null, views, null]);
      });
  };
  perPeriod('Organization', report.organizations);
  perPeriod('Dashboard', report.dashboards);
  perPeriod('Person', report.people);
  for (const d of report.idleDashboards)
    rows.push(['Dashboard not opened in 30 days', null, d.id, d.name, null, null, null, d.lastViewedAt]);
  for (const c of report.inactiveClients)
    rows.push([
      'Client not signed in for 30 days',
      null,
      c.id,
      c.name,
      c.email,
      c.organizations.join('; '),
      null,
      c.lastLoginAt,
    ]);
  // D37: not clients' usage, listed apart.
  for (const d of report.previews) rows.push(['Preview by the team', null, d.id, d.name, null, null, d.total, null]);
  for (const d of report.failedLoads) rows.push(['Failed load', null, d.id, d.name, null, null, d.total, null]);
  // A byte-order mark, so spreadsheets read the names' accents as UTF-8; CRLF line ends (RFC 4180).
  return `\uFEFF${rows.map(line).join('\r\n')}\r\n`;
}
