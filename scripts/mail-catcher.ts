// Long file: the development mail catcher whole (SMTP, the folder it keeps messages in, the inbox pages), one script.
/**
 * The development mail catcher of `make start` / `make dev` without Docker when SMTP_URL is not set: an SMTP server
 * on loopback that keeps every message it receives (the newest few hundred, each a JSON file in a git-ignored folder,
 * so a restart forgets nothing) and an inbox page to read them and download their attachments (the booking's
 * calendar invite), like mailpit's on http://localhost:8025. The workers get its SMTP_URL, so an e-mail is neither
 * lost nor retried against a server that is not there. Never used in production (scripts/start.ts).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtAttachment {
  filename: string;
  contentType: string;
  size: number;
}

export interface CaughtMessage {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: CaughtAttachment[];
}

/** A message as kept on disk: its attachments with their content (base64). */
interface StoredMessage extends Omit<CaughtMessage, 'attachments'> {
  attachments: (CaughtAttachment & { content: string })[];
}

export interface MailCatcher {
  /** What the workers' SMTP_URL becomes. */
  smtpUrl: string;
  /** The inbox page. */
  inboxUrl: string;
  messages: CaughtMessage[];
  close(): Promise<void>;
}

/** The folder of messages, one `<id>.json` each: read at start, the oldest removed past KEEP. */
function messageFolder(dir: string) {
  mkdirSync(dir, { recursive: true });
  const file = (id: number) => join(dir, `${id}.json`);
  return {
    load(): StoredMessage[] {
      const stored: StoredMessage[] = [];
      for (const name of readdirSync(dir)) {
        if (!/^\d{1,9}\.json$/.test(name)) continue;
        try {
          const message = JSON.parse(readFileSync(join(dir, name), 'utf8')) as StoredMessage;
          if (Number.isInteger(message.id)) stored.push({ ...message, attachments: message.attachments ?? [] });
        } catch {
          // A file cut short (the process killed while writing) or not ours: skipped.
        }
      }
      return stored.sort((a, b) => a.id - b.id);
    },
    save(message: StoredMessage) {
      const temporary = `${file(message.id)}.tmp`;
      writeFileSync(temporary, JSON.stringify(message));
      renameSync(temporary, file(message.id));
    },
    remove(id: number) {
      rmSync(file(id), { force: true });
    },
  };
}

const withoutContent = (message: StoredMessage): CaughtMessage => ({
  ...message,
  attachments: message.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size })),
});

/** A download's Content-Disposition: an ASCII name, and the name as written (RFC 6266). */
const disposition = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);

const KEEP = 500;
const MAX_SIZE = 25 * 1024 * 1024;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
/** Escaped text whose http(s) links are clickable: the invitation and reset links are what a developer follows. */
const linkify = (text: string) =>
  escapeHtml(text).replace(
    /https?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" target="_blank" rel="noreferrer noopener">${url}</a>`,
  );

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

const page = (title: string, body: string, refresh = false) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
${refresh ? '<meta http-equiv="refresh" content="5">' : ''}
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;color:#6b7280}pre{white-space:pre-wrap;background:#f9fafb;padding:1rem;border:1px solid #e5e7eb}
iframe{width:100%;height:60vh;border:1px solid #e5e7eb}dt{font-weight:600}dd{margin:0 0 .4rem}
</style></head><body>${body}</body></html>`;

const headers = {
  'content-type': 'text/html; charset=utf-8',
  // The e-mails' HTML runs in a sandboxed frame without scripts; the page itself needs nothing from elsewhere.
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-src 'self'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

function inbox(messages: CaughtMessage[], dir: string): string {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td>${escapeHtml(new Date(m.receivedAt).toLocaleString())}</td><td>${escapeHtml(m.to.join(', '))}</td>` +
        `<td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td><td>${escapeHtml(m.from)}</td>` +
        `<td>${m.attachments.length || ''}</td></tr>`,
    )
    .join('');
  return page(
    `Inbox (${messages.length})`,
    `<h1>Development inbox</h1><p>Every e-mail the workers sent (the newest ${KEEP} are kept in ` +
      `<code>${escapeHtml(dir)}</code>, across restarts; this page refreshes itself every 5 seconds).</p>` +
      (messages.length
        ? `<table><thead><tr><th>received</th><th>to</th><th>subject</th><th>from</th><th>attachments</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No e-mail yet.</p>'),
    true,
  );
}

function message(m: CaughtMessage): string {
  // The HTML part with links opening outside the sandboxed frame.
  const html = m.html ? `<base target="_blank">${m.html}` : '';
  return page(
    m.subject || '(no subject)',
    `<p><a href="/">← inbox</a></p><h1>${escapeHtml(m.subject || '(no subject)')}</h1><dl>` +
      `<dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd>` +
      `<dt>Received</dt><dd>${escapeHtml(m.receivedAt)}</dd></dl>` +
      (html
        ? `<h2>HTML</h2><iframe title="the e-mail's HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(html)}"></iframe>`
        : '') +
      (m.attachments.length
        ? `<h2>Attachments</h2><ul>${m.attachments
            .map(
              (a, n) =>
                `<li><a href="/messages/${m.id}/attachments/${n}" download>${escapeHtml(a.filename)}</a> ` +
                `(${escapeHtml(a.contentType)}, ${sizeText(a.size)})</li>`,
            )
            .join('')}</ul>`
        : '') +
      `<h2>Text</h2><pre>${linkify(m.text)}</pre>`,
  );
}

/**
 * Starts the catcher: SMTP on loopback at `smtpPort` (none: any free port; a port that is taken is an error, since the
 * workers were told that one), the inbox on `inboxPort` (0: any free port; when the port asked for is taken, for
 * example by a mailpit container, a free one is used and printed instead), the messages kept in `dir`.
 */
export async function startMailCatcher(options: {
  inboxPort?: number;
  smtpPort?: number;
  dir: string;
}): Promise<MailCatcher> {
  const folder = messageFolder(options.dir);
  const stored = folder.load();
  for (const old of stored.splice(0, Math.max(0, stored.length - KEEP))) folder.remove(old.id);
  const messages: CaughtMessage[] = stored.map(withoutContent);
  const contents = new Map(stored.map((m) => [m.id, m.attachments.map((a) => a.content)]));
  let nextId = (stored.at(-1)?.id ?? 0) + 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: MAX_SIZE,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const message: StoredMessage = {
            id: nextId++,
            receivedAt: new Date().toISOString(),
            from: addresses(parsed.from) || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a, n) => ({
              filename: a.filename || `attachment-${n + 1}`,
              contentType: a.contentType || 'application/octet-stream',
              size: a.content.length,
              content: a.content.toString('base64'),
            })),
          };
          try {
            folder.save(message);
          } catch (error) {
            callback(error as Error);
            return;
          }
          messages.push(withoutContent(message));
          contents.set(
            message.id,
            message.attachments.map((a) => a.content),
          );
          for (const old of messages.splice(0, Math.max(0, messages.length - KEEP))) {
            folder.remove(old.id);
            contents.delete(old.id);
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  smtp.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `MAIL_CATCHER_SMTP_PORT ${options.smtpPort} is taken: choose another port, or 0 for any free one.`,
            )
          : error,
      ),
    );
    smtp.listen(options.smtpPort ?? 0, '127.0.0.1', resolve);
  });
  const address = smtp.server.address();
  const smtpPort = typeof address === 'object' && address ? address.port : 0;

  const fetch = (request: Request): Response => {
    const url = new URL(request.url);
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    if (url.pathname === '/') return new Response(inbox(messages, options.dir), { headers });
    if (url.pathname === '/api/messages') return Response.json(messages, { headers: { 'cache-control': 'no-store' } });
    const match = /^\/messages\/(\d{1,9})(?:\/attachments\/(\d{1,4}))?$/.exec(url.pathname);
    const found = match ? messages.find((m) => m.id === Number(match[1])) : undefined;
    if (found && match?.[2] === undefined) return new Response(message(found), { headers });
    const n = Number(match?.[2]);
    const attachment = found?.attachments[n];
    const content = found ? contents.get(found.id)?.[n] : undefined;
    if (attachment && content !== undefined)
      return new Response(Buffer.from(content, 'base64'), {
        headers: {
          'content-type': /^[\w.+-]+\/[\w.+-]+$/.test(attachment.contentType)
            ? attachment.contentType
            : 'application/octet-stream',
          'content-disposition': disposition(attachment.filename),
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'cache-control': 'no-store',
        },
      });
    return new Response(page('Not found', '<p>No such message. <a href="/">Inbox</a></p>'), { status: 404, headers });
  };
  const serve = (port: number) => Bun.serve({ hostname: '127.0.0.1', port, fetch });
  let http: ReturnType<typeof serve>;
  try {
    http = serve(options.inboxPort ?? 8025);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    http = serve(0);
  }

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}?tls=off`,
    inboxUrl: `http://127.0.0.1:${http.port}`,
    messages,
    async close() {
      await http.stop(true);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
