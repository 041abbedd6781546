import type { EmailTemplate } from '@app/contracts/server';
import * as schema from '@app/db/schema';
import { addMembership, createOrganization, createUser } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../backend/testing/app';
import { useMailingWorkers } from '../../testing';

const t = useTestApp();
/** The company's own logo heads every e-mail (issue 26); an organization's is the only other picture. */
const COMPANY_LOGO = 'http://localhost:3000/email/logo-mark.png';
const imagesOf = (html: string) => [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
const { smtp } = useMailingWorkers(t);

type User = Awaited<ReturnType<typeof createUser>>;

const event = async (type: string, payload: Record<string, number>) => {
  await t.db.insert(schema.outboxEvents).values({ type, payload });
};

const changeOf = async (values: typeof schema.emailChanges.$inferInsert) => {
  const [change] = await t.db.insert(schema.emailChanges).values(values).returning();
  return change!;
};

/** Makes the event of each e-mail to an account holder, for `member`; returns the address the e-mail goes to. */
const sendTo = {
  'user-invitation': async (member: User) => {
    await event('user.invited', { userId: member.id });
    return member.email;
  },
  'password-reset': async (member: User) => {
    await event('password_reset.requested', { userId: member.id });
    return member.email;
  },
  // The link goes to the new address: the same member, so the same organizations.
  'email-change-confirmation': async (member: User) => {
    const change = await changeOf({ userId: member.id, newEmail: `new-${member.email}` });
    await event('email_change.requested', { emailChangeId: change.id });
    return change.newEmail;
  },
  // Someone else (in an organization of their own) asks for the member's address: the member is told.
  'email-change-address-taken': async (member: User) => {
    const asker = await createUser(t.db);
    const theirs = await createOrganization(t.db, { name: 'The Asker Ltd', logoUrl: 'https://cdn.example.com/a.png' });
    await addMembership(t.db, theirs.id, asker.id);
    const change = await changeOf({ userId: asker.id, newEmail: member.email });
    await event('email_change.requested', { emailChangeId: change.id });
    return member.email;
  },
  'email-changed-notice': async (member: User) => {
    const change = await changeOf({
      userId: member.id,
      newEmail: `new-${member.email}`,
      usedAt: new Date(),
      confirmedAt: new Date(),
      previousEmail: member.email,
    });
    await event('email_change.confirmed', { emailChangeId: change.id });
    return member.email;
  },
} satisfies Partial<Record<EmailTemplate, (member: User) => Promise<string>>>;

type Kind = keyof typeof sendTo;
const KINDS = Object.keys(sendTo) as Kind[];

/** The e-mail of `kind` to a new member of the organizations `organizations` makes, as the SMTP server got it. */
async function emailOf(kind: Kind, organizations: (userId: number) => Promise<void>) {
  const member = await createUser(t.db);
  await organizations(member.id);
  const to = await sendTo[kind](member);
  await smtp.waitFor(() => smtp.to(to).length >= 1, 20_000);
  return smtp.to(to)[0]!;
}

/** Makes the member a member of organizations with these names and logos (created in this order). */
const memberOf =
  (...organizations: { name: string; logoUrl?: string | null; isActive?: boolean }[]) =>
  async (userId: number) => {
    for (const values of organizations) {
      const organization = await createOrganization(t.db, { logoUrl: null, ...values });
      await addMembership(t.db, organization.id, userId);
    }
  };

/** The banner's cell with the organizations' names, as the e-mail's HTML has it (or undefined). */
const bannerOf = (html: string) =>
  /<td style="vertical-align:middle;font-size:16px;[^"]*">(.*?)<\/td><\/tr><\/table>/.exec(html)?.[1];

describe("the organization's logo and name at the top of every e-mail to an account", () => {
  it.each(KINDS)(
    '%s: carries the logo and name of the one organization of the person it goes to (escaped, with alt text)',
    async (kind) => {
      const mail = await emailOf(
        kind,
        memberOf({ name: 'Acme & "Sons" <Ltd>', logoUrl: 'https://cdn.example.com/acme.png?size=80&v=2' }),
      );
      expect(mail.html).toContain('src="https://cdn.example.com/acme.png?size=80&amp;v=2"');
      expect(mail.html).toContain('alt="Acme &amp; &quot;Sons&quot; &lt;Ltd&gt; logo"');
      expect(bannerOf(mail.html)).toBe('Acme &amp; &quot;Sons&quot; &lt;Ltd&gt;');
      expect(mail.html).not.toContain('<Ltd>');
      expect(mail.html).not.toContain('The Asker Ltd');
      expect(mail.text.startsWith('Acme & "Sons" <Ltd>\n\n')).toBe(true);
    },
  );

  it.each(KINDS)('%s: carries the name alone of an organization without a logo (no image)', async (kind) => {
    const mail = await emailOf(kind, memberOf({ name: 'Plain & Simple', logoUrl: null }));
    expect(bannerOf(mail.html)).toBe('Plain &amp; Simple');
    expect(imagesOf(mail.html)).toEqual([COMPANY_LOGO]);
    expect(mail.text.startsWith('Plain & Simple\n\n')).toBe(true);
  });

  it.each([
    ['http://cdn.example.com/local.png', 'an http address'],
    ['/images/local.png', 'a site path while the app is not served over https'],
  ])('shows the name alone when the logo is %s (%s), which mail cannot show', async (logoUrl) => {
    const mail = await emailOf('user-invitation', memberOf({ name: 'Local', logoUrl }));
    expect(bannerOf(mail.html)).toBe('Local');
    expect(imagesOf(mail.html)).toEqual([COMPANY_LOGO]);
    expect(mail.text.startsWith('Local\n\n')).toBe(true);
  });

  it.each(['password-reset', 'email-change-confirmation'] as const)(
    '%s: names each of several organizations, by name, without logos',
    async (kind) => {
      const mail = await emailOf(
        kind,
        memberOf(
          { name: 'Zeta <Z>', logoUrl: 'https://cdn.example.com/z.png' },
          { name: 'Alpha', logoUrl: 'https://cdn.example.com/a.png' },
        ),
      );
      expect(bannerOf(mail.html)).toBe(
        'Alpha<span style="font-weight:400;color:#64748b;"> &middot; </span>Zeta &lt;Z&gt;',
      );
      expect(imagesOf(mail.html)).toEqual([COMPANY_LOGO]);
      expect(mail.text.startsWith('Alpha · Zeta <Z>\n\n')).toBe(true);
    },
  );

  it('names the first three of more organizations by name, then how many more', async () => {
    const mail = await emailOf(
      'email-changed-notice',
      memberOf(...['E', 'B', 'D', 'A', 'C'].map((name) => ({ name }))),
    );
    const banner = bannerOf(mail.html) ?? '';
    expect(banner.replace(/<[^>]+>/g, '')).toBe('A &middot; B &middot; C and 2 more');
    expect(mail.text.startsWith('A · B · C and 2 more\n\n')).toBe(true);
  });

  it('leaves an inactive organization out: the active one heads the e-mail as if it were the only one', async () => {
    const mail = await emailOf(
      'email-change-address-taken',
      memberOf(
        { name: 'Closed Co', logoUrl: 'https://cdn.example.com/closed.png', isActive: false },
        { name: 'Open Co', logoUrl: 'https://cdn.example.com/open.png' },
      ),
    );
    expect(bannerOf(mail.html)).toBe('Open Co');
    expect(mail.html).toContain('src="https://cdn.example.com/open.png"');
    expect(mail.html).not.toContain('Closed Co');
    expect(mail.text.startsWith('Open Co\n\n')).toBe(true);
  });

  it.each([
    ['no organization', memberOf()],
    ['only an inactive organization', memberOf({ name: 'Closed Co', logoUrl: null, isActive: false })],
  ])('leaves the banner out for a person with %s', async (_what, organizations) => {
    const mail = await emailOf('user-invitation', organizations);
    expect(bannerOf(mail.html)).toBeUndefined();
    expect(mail.html).not.toContain('Closed Co');
    expect(mail.text.startsWith('Welcome to')).toBe(true);
  });
});
