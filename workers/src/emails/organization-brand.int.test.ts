import * as schema from '@app/db/schema';
import { addMembership, createOrganization, createUser } from '@app/db/testing';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../backend/testing/app';
import { useMailingWorkers } from '../../testing';
import { emailLogoUrl } from './organization-brand';

const t = useTestApp();
const { smtp } = useMailingWorkers(t);

/** The e-mail of `event` for a new user set up by `setUp`. */
async function emailOf(event: 'user.invited' | 'password_reset.requested', setUp: (userId: number) => Promise<void>) {
  const user = await createUser(t.db);
  await setUp(user.id);
  await t.db.insert(schema.outboxEvents).values({ type: event, payload: { userId: user.id } });
  await smtp.waitFor(() => smtp.to(user.email).length >= 1, 20_000);
  return smtp.to(user.email)[0]!;
}

describe("the organization's logo and name in account e-mails", () => {
  it.each(['user.invited', 'password_reset.requested'] as const)(
    '%s: heads the e-mail for a member of exactly one organization with a logo (escaped, with alt text)',
    async (event) => {
      const mail = await emailOf(event, async (userId) => {
        const org = await createOrganization(t.db, {
          name: 'Acme & "Sons" <Ltd>',
          logoUrl: 'https://cdn.example.com/acme.png?size=80&v=2',
        });
        await addMembership(t.db, org.id, userId);
      });
      expect(mail.html).toContain('src="https://cdn.example.com/acme.png?size=80&amp;v=2"');
      expect(mail.html).toContain('alt="Acme &amp; &quot;Sons&quot; &lt;Ltd&gt; logo"');
      expect(mail.html).toContain('>Acme &amp; &quot;Sons&quot; &lt;Ltd&gt;</td>');
      expect(mail.html).not.toContain('<Ltd>');
      expect(mail.text.startsWith('Acme & "Sons" <Ltd>\n\n')).toBe(true);
    },
  );

  it.each([
    ['no organization', async () => {}],
    [
      'two organizations',
      async (userId: number) => {
        for (const name of ['One', 'Two']) {
          const org = await createOrganization(t.db, { name, logoUrl: 'https://cdn.example.com/x.png' });
          await addMembership(t.db, org.id, userId);
        }
      },
    ],
    [
      'an organization without a logo',
      async (userId: number) => {
        const org = await createOrganization(t.db, { name: 'Plain', logoUrl: null });
        await addMembership(t.db, org.id, userId);
      },
    ],
    [
      'a logo that is a site path while the app is not served over https',
      async (userId: number) => {
        const org = await createOrganization(t.db, { name: 'Local', logoUrl: '/images/local.png' });
        await addMembership(t.db, org.id, userId);
      },
    ],
  ])('leaves it out for a person with %s', async (_what, setUp) => {
    const mail = await emailOf('user.invited', setUp);
    expect(mail.html).not.toContain(' logo"');
    expect(mail.text.startsWith('Welcome to')).toBe(true);
  });
});

describe('emailLogoUrl', () => {
  it('keeps https addresses, makes site paths absolute on an https app, and drops the rest', () => {
    expect(emailLogoUrl('https://cdn.example.com/a.png', 'http://localhost:3000')).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(emailLogoUrl('/images/a.png', 'https://lucid.example')).toBe('https://lucid.example/images/a.png');
    expect(emailLogoUrl('/images/a.png', 'http://localhost:3000')).toBeNull();
    expect(emailLogoUrl('//evil.example/a.png', 'https://lucid.example')).toBeNull();
    expect(emailLogoUrl('http://cdn.example.com/a.png', 'https://lucid.example')).toBeNull();
    expect(emailLogoUrl('javascript:alert(1)', 'https://lucid.example')).toBeNull();
  });
});
