import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from './mail-catcher';

// The development mail catcher of `make start` (decision 021, 046): a port that can be set, attachments that can be
// downloaded, and messages that outlive a restart.

const dir = mkdtempSync(join(tmpdir(), 'mail-catcher-'));
const running: MailCatcher[] = [];
afterAll(async () => {
  for (const catcher of running) await catcher.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

/** A loopback port nothing listens on (just now). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const start = async (options: { smtpPort?: number }) => {
  const catcher = await startMailCatcher({ inboxPort: 0, dir, ...options });
  running.push(catcher);
  return catcher;
};

const INVITE = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';

const send = (catcher: MailCatcher, subject: string) =>
  createTransport(catcher.smtpUrl).sendMail({
    from: 'Lucid Insight <no-reply@lucid-insight.test>',
    to: 'visitor@example.com',
    subject,
    text: 'Your consultation is booked.',
    attachments: [
      { filename: 'invite.ics', content: INVITE, contentType: 'text/calendar; method=REQUEST' },
      { filename: 'r\u00e9sum\u00e9 "x".pdf', content: Buffer.from([1, 2, 3]), contentType: 'application/pdf' },
    ],
  });

describe('the development mail catcher', () => {
  it('listens for SMTP on the port it is given, lists attachments with a download link, and keeps messages across a restart', async () => {
    const smtpPort = await freePort();
    const first = await start({ smtpPort });
    expect(first.smtpUrl).toBe(`smtp://127.0.0.1:${smtpPort}?tls=off`);
    await send(first, 'Consultation booked');

    const inbox = await (await fetch(`${first.inboxUrl}/`)).text();
    expect(inbox).toContain('Consultation booked');
    expect(inbox).toContain('<th>attachments</th>');
    const page = await (await fetch(`${first.inboxUrl}/messages/1`)).text();
    expect(page).toContain('<h2>Attachments</h2>');
    expect(page).toContain('<a href="/messages/1/attachments/0" download>invite.ics</a>');
    expect(page).toContain('r\u00e9sum\u00e9 &quot;x&quot;.pdf');

    const invite = await fetch(`${first.inboxUrl}/messages/1/attachments/0`);
    expect(invite.status).toBe(200);
    expect(invite.headers.get('content-disposition')).toBe(
      `attachment; filename="invite.ics"; filename*=UTF-8''invite.ics`,
    );
    expect(await invite.text()).toBe(INVITE);
    const pdf = await fetch(`${first.inboxUrl}/messages/1/attachments/1`);
    // No quote or non-ASCII character reaches the header's plain name.
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^attachment; filename="r_sum_ _x_\.pdf"; filename\*=UTF-8''/,
    );
    expect([...new Uint8Array(await pdf.arrayBuffer())]).toEqual([1, 2, 3]);
    expect((await fetch(`${first.inboxUrl}/messages/1/attachments/7`)).status).toBe(404);
    expect((await fetch(`${first.inboxUrl}/messages/1/attachments/x`)).status).toBe(404);

    // The port asked for is taken: a clear error, never another port the workers were not told of.
    await expect(start({ smtpPort })).rejects.toThrow(`MAIL_CATCHER_SMTP_PORT ${smtpPort} is taken`);

    // A restart: the message, its attachments and the numbering carry on from the folder.
    await first.close();
    const again = await start({ smtpPort });
    const messages = (await (await fetch(`${again.inboxUrl}/api/messages`)).json()) as {
      id: number;
      subject: string;
      attachments: { filename: string; size: number }[];
    }[];
    expect(messages.map((m) => [m.id, m.subject])).toEqual([[1, 'Consultation booked']]);
    expect(messages[0]?.attachments).toEqual([
      { filename: 'invite.ics', contentType: 'text/calendar', size: INVITE.length },
      { filename: 'r\u00e9sum\u00e9 "x".pdf', contentType: 'application/pdf', size: 3 },
    ]);
    expect(await (await fetch(`${again.inboxUrl}/messages/1/attachments/0`)).text()).toBe(INVITE);
    await send(again, 'Second');
    await expect
      .poll(async () =>
        ((await (await fetch(`${again.inboxUrl}/api/messages`)).json()) as { id: number }[]).map((m) => m.id),
      )
      .toEqual([1, 2]);
    expect(readdirSync(dir).sort()).toEqual(['1.json', '2.json']);
  });

  it('keeps its messages by default in a folder git ignores (they hold sign-in links)', () => {
    const root = new URL('../', import.meta.url).pathname;
    expect(Bun.spawnSync(['git', 'check-ignore', '-q', '.mail-catcher/1.json'], { cwd: root }).exitCode).toBe(0);
  });
});
