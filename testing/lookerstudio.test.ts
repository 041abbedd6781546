import { getPermissions, patchPermissions, searchAssets } from '@app/platform/lookerstudio/client';
import { LookerStudioError } from '@app/platform/lookerstudio/http';
import { memberKey, planSharing } from '@app/platform/lookerstudio/plan';
import { accessToken, type LookerStudioAccount, type LookerStudioDeps } from '@app/platform/lookerstudio/token';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLookerStudioStandIn } from './lookerstudio-stand-in';

let google: Awaited<ReturnType<typeof startLookerStudioStandIn>>;
let deps: LookerStudioDeps;
let version = 1;
const account = (over: Partial<LookerStudioAccount> = {}): LookerStudioAccount => ({
  id: 1,
  version,
  serviceAccountKey: google.serviceAccountKey,
  delegatedUser: google.delegatedUser,
  ...over,
});

beforeAll(async () => {
  google = await startLookerStudioStandIn();
  deps = { tokenUrl: google.tokenUrl, apiUrl: google.apiUrl, timeoutMs: 2000, now: () => Date.now() };
});
afterAll(() => google.stop());
beforeEach(() => {
  google.reset();
  version++;
});

describe('the service account token (JWT bearer grant)', () => {
  it('is signed with the key, acts for the delegated user and is cached until shortly before it expires', async () => {
    const first = await accessToken(deps, account());
    const again = await Promise.all([accessToken(deps, account()), accessToken(deps, account())]);
    expect(again).toEqual([first, first]);
    expect(google.requestsTo('token')).toHaveLength(1);
    expect(google.requestsTo('token')[0]?.subject).toBe(google.delegatedUser);
  });

  it('says what is wrong with a delegated user without domain-wide delegation', async () => {
    const refused = accessToken(deps, account({ delegatedUser: 'nobody@consultancy.test' }));
    await expect(refused).rejects.toThrow(/unauthorized_client.*domain-wide delegation/);
    await expect(refused).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refuses a key that is not a service account key, and one whose private key is not RSA', async () => {
    await expect(accessToken(deps, account({ serviceAccountKey: 'not json' }))).rejects.toMatchObject({
      kind: 'invalid-key',
    });
    const other = JSON.stringify({
      ...JSON.parse(google.serviceAccountKey),
      private_key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
    });
    await expect(accessToken(deps, account({ serviceAccountKey: other }))).rejects.toMatchObject({
      kind: 'invalid-key',
    });
  });

  it('is refused when signed by another key (the stand-in checks the signature)', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = JSON.stringify({
      ...JSON.parse(google.serviceAccountKey),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    await expect(accessToken(deps, account({ id: 2, serviceAccountKey: forged }))).rejects.toThrow(/invalid_grant/);
  });
});

describe('the Looker Studio API calls', () => {
  it('searches reports page by page and filters by title', async () => {
    for (const name of ['r1', 'r2', 'r3']) google.addReport({ name, title: `Sales ${name}` });
    google.addReport({ name: 'other', title: 'Finance' });
    const all = await searchAssets(deps, account(), 'sales');
    expect(all.map((a) => a.name).sort()).toEqual(['r1', 'r2', 'r3']);
    expect(google.requestsTo('search').length).toBeGreaterThan(1);
  });

  it('reads and writes permissions with the etag; a stale etag is a conflict', async () => {
    google.addReport({ name: 'etag-report', linkShared: true });
    const read = await getPermissions(deps, account(), 'etag-report');
    expect(read.permissions.LINK_VIEWER?.members).toEqual(['allUsers']);
    const plan = planSharing({
      current: read.permissions,
      desired: new Set(['user:ann@client.test']),
      granted: {},
      ownsSharing: false,
      now: new Date(),
    });
    google.addMember('etag-report', 'VIEWER', 'user:hand@client.test');
    const stale = patchPermissions(deps, account(), 'etag-report', { permissions: plan.next!, etag: read.etag });
    await expect(stale).rejects.toMatchObject({ kind: 'conflict' });
    const fresh = await getPermissions(deps, account(), 'etag-report');
    await patchPermissions(deps, account(), 'etag-report', { permissions: plan.next!, etag: fresh.etag });
    expect(google.viewers('etag-report')).toEqual(['user:ann@client.test']);
    expect(google.report('etag-report')?.permissions.LINK_VIEWER?.members).toEqual([]);
  });

  it('says 404 for a report that does not exist, and what Google said when it is down', async () => {
    await expect(getPermissions(deps, account(), 'missing')).rejects.toMatchObject({ kind: 'not-found' });
    google.fail('get', { status: 503, times: 1 });
    google.addReport({ name: 'flaky' });
    await expect(getPermissions(deps, account(), 'flaky')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(getPermissions(deps, account(), 'flaky')).resolves.toMatchObject({ etag: expect.any(String) });
  });

  it('times out when Google is slow', async () => {
    google.addReport({ name: 'slow' });
    google.fail('get', { delayMs: 500, times: 1 });
    const error = await getPermissions({ ...deps, timeoutMs: 100 }, account(), 'slow').catch((e) => e);
    expect(error).toBeInstanceOf(LookerStudioError);
    expect(error.kind).toBe('timeout');
  });
});

describe('the sharing plan (D36)', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  it('adds who should see it, removes what the portal granted, reports and keeps a hand-shared viewer, never touches owners and editors', () => {
    const plan = planSharing({
      current: {
        OWNER: { members: ['user:owner@c.test'] },
        EDITOR: { members: ['user:ed@c.test'] },
        VIEWER: { members: ['user:gone@client.test', 'user:hand@client.test', 'user:stay@client.test'] },
        LINK_VIEWER: { members: ['allUsers'] },
        LINK_EDITOR: { members: ['domain:client.test'] },
      },
      desired: new Set(['user:stay@client.test', 'user:new@client.test', 'user:ed@c.test']),
      granted: {
        [memberKey('user:gone@client.test')]: '2026-11-01T00:00:00Z',
        [memberKey('user:stay@client.test')]: '2026-11-01T00:00:00Z',
      },
      ownsSharing: false,
      now,
    });
    expect(plan.added).toEqual(['user:new@client.test']);
    expect(plan.removed).toEqual(['user:gone@client.test', 'allUsers', 'domain:client.test']);
    expect(plan.unexpected).toEqual([{ member: 'user:hand@client.test', role: 'VIEWER' }]);
    expect(plan.next?.VIEWER?.members).toEqual([
      'user:hand@client.test',
      'user:stay@client.test',
      'user:new@client.test',
    ]);
    expect(plan.next?.OWNER).toEqual({ members: ['user:owner@c.test'] });
    expect(plan.next?.EDITOR).toEqual({ members: ['user:ed@c.test'] });
    expect(plan.granted).toEqual({
      [memberKey('user:stay@client.test')]: '2026-11-01T00:00:00Z',
      [memberKey('user:new@client.test')]: now.toISOString(),
    });
    expect(JSON.stringify(plan.granted)).not.toContain('@');
  });

  it('removes an unexpected viewer when the connection owns sharing; nothing to write when in step', () => {
    const current = { VIEWER: { members: ['user:hand@client.test'] } };
    expect(planSharing({ current, desired: new Set(), granted: {}, ownsSharing: true, now }).removed).toEqual([
      'user:hand@client.test',
    ]);
    const inStep = { VIEWER: { members: ['user:a@client.test'] } };
    expect(
      planSharing({ current: inStep, desired: new Set(['user:a@client.test']), granted: {}, ownsSharing: true, now })
        .next,
    ).toBeNull();
  });
});
