/**
 * The whole product (API and workers, as `make start` runs them) on highly available Redis: a Sentinel failover in
 * the middle of contact and booking traffic, and a Cluster of three masters. Nothing accepted is lost and every
 * e-mail is sent once.
 */
import { connect } from '@app/db';
import { createUser, useFixture } from '@app/db/testing';
import { startRedisCluster, startSentinelSet } from '@app/testing/redis-topologies';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../backend/src/modules/auth/auth.service';
import { type Product, startProduct } from './harness/product';
import { weekdaySlots } from './harness/slots';

/** REDIS_URL of the runs below: its address is unused with Sentinel or Cluster (port 1 on loopback: nothing). */
const NOWHERE = 'redis://127.0.0.1:1';

let address = 0;
/** Each request from an address of its own (TRUST_PROXY): the per-address limits stay out of the way. */
const post = (
  product: Product,
  path: string,
  body: unknown,
  from = `198.18.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
) =>
  fetch(`${product.baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: product.baseUrl, 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });

/**
 * Contacts and bookings for `durationMs`, with `during()` called after `atMs`. Returns who was sent what, every
 * status, and when each contact was answered.
 */
interface Traffic {
  statuses: number[];
  contacts: { email: string; at: number }[];
  bookers: string[];
}
const emptyTraffic = (): Traffic => ({ statuses: [], contacts: [], bookers: [] });

async function traffic(
  product: Product,
  tag: string,
  durationMs: number,
  { atMs = 0, during, log = emptyTraffic() }: { atMs?: number; during?: () => Promise<void>; log?: Traffic } = {},
) {
  const { statuses, contacts, bookers } = log;
  const slots = weekdaySlots(10);
  const until = Date.now() + durationMs;
  const contactLoop = async () => {
    while (Date.now() < until) {
      const email = `ha.${tag}.contact${contacts.length}@example.com`;
      const response = await post(product, '/api/contact', {
        name: 'HA Test',
        email,
        subject: 'Failover',
        message: 'A message sent while Redis changes hands.',
      });
      await response.arrayBuffer();
      statuses.push(response.status);
      contacts.push({ email, at: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };
  const bookingLoop = async () => {
    while (Date.now() < until && slots.length) {
      const email = `ha.${tag}.booker${bookers.length}@example.com`;
      const response = await post(product, '/api/booking', { name: 'HA Booker', email, ...slots.shift()! });
      await response.arrayBuffer();
      statuses.push(response.status);
      bookers.push(email);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  };
  const event = async () => {
    if (!during) return;
    await new Promise((resolve) => setTimeout(resolve, atMs));
    await during();
  };
  await Promise.all([contactLoop(), bookingLoop(), event()]);
  return log;
}

/** Every expected e-mail arrived, and none twice: two per contact, two per booking. */
async function expectEveryEmailOnce(product: Product, contacts: { email: string }[], bookers: string[]) {
  const expected = contacts.length * 2 + bookers.length * 2;
  await product.smtp.waitFor((messages) => messages.length >= expected, 90_000);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(product.smtp.messages).toHaveLength(expected);
  const missingOrTwice = [...contacts.map((c) => c.email), ...bookers].filter(
    (email) => product.smtp.to(email).length !== 1,
  );
  expect(missingOrTwice).toEqual([]);
}

describe('Redis Sentinel with passwords and TLS only: the master fails in the middle of contact and booking traffic', () => {
  // Every server (data nodes and Sentinels) speaks TLS only, with a private CA, and each kind has its own password: a
  // process that reached any of them unencrypted or without its password would get nothing.
  const set = useFixture(
    () => startSentinelSet('lucid', { password: 'data-nodes-pw', sentinelPassword: 'sentinels-pw', tls: true }),
    (started) => started.stop(),
    120_000,
  );
  const product = useFixture(
    () =>
      startProduct({
        env: {
          // Nothing listens at REDIS_URL's address: a process that ignored the Sentinels would find no Redis at all.
          REDIS_URL: 'rediss://:data-nodes-pw@127.0.0.1:1',
          REDIS_SENTINELS: set.sentinels,
          REDIS_SENTINEL_NAME: set.masterName,
          REDIS_SENTINEL_PASSWORD: 'sentinels-pw',
          REDIS_TLS_CA_FILE: set.caFile ?? '',
          TRUST_PROXY: 'true',
        },
      }),
    (started) => started.stop(),
    120_000,
  );

  it('accepts everything, loses and duplicates no e-mail, and delivers again within seconds of the failover', async () => {
    const before = await set.masterPort();
    let killedAt = 0;
    let firstDeliveredAfter = 0;
    let watch = true;
    const log = emptyTraffic();
    // When the first e-mail of a contact sent after the master died arrives: the failover as a visitor sees it.
    const watcher = (async () => {
      while (watch) {
        if (killedAt && !firstDeliveredAfter) {
          const after = log.contacts.filter((c) => c.at > killedAt);
          if (after.some((c) => product.smtp.to(c.email).length > 0)) firstDeliveredAfter = Date.now();
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const result = await traffic(product, 'sentinel', 16_000, {
      atMs: 4000,
      log,
      during: async () => {
        await set.killMaster();
        killedAt = Date.now();
      },
    });
    await expect.poll(() => set.masterPort(), { timeout: 30_000, interval: 250 }).not.toBe(before);

    expect(result.statuses.filter((status) => status !== 201)).toEqual([]);
    expect(result.contacts.length).toBeGreaterThan(20);
    await expectEveryEmailOnce(product, result.contacts, result.bookers);
    await expect.poll(() => firstDeliveredAfter > 0, { timeout: 30_000 }).toBe(true);
    watch = false;
    await watcher;
    console.log(
      `Sentinel failover: ${result.contacts.length} contacts and ${result.bookers.length} bookings, ` +
        `${product.smtp.messages.length} e-mails, each once; first e-mail of a contact sent after the master died ` +
        `arrived ${((firstDeliveredAfter - killedAt) / 1000).toFixed(1)} s after it died`,
    );
  }, 180_000);
});

describe('Redis Cluster of three masters', () => {
  const cluster = useFixture(startRedisCluster, (started) => started.stop(), 120_000);
  const product = useFixture(
    () =>
      startProduct({
        env: {
          REDIS_URL: NOWHERE,
          REDIS_CLUSTER_NODES: cluster.nodes,
          QUEUE_PREFIX: `{e2e-${crypto.randomUUID().slice(0, 8)}}`,
          TRUST_PROXY: 'true',
        },
      }),
    (started) => started.stop(),
    120_000,
  );

  it('accepts contacts and bookings and sends every e-mail once', async () => {
    const result = await traffic(product, 'cluster', 6000);
    expect(result.statuses.filter((status) => status !== 201)).toEqual([]);
    await expectEveryEmailOnce(product, result.contacts, result.bookers);
  }, 120_000);

  it('counts rate limits in the cluster: the sixth contact from one address in ten minutes is refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await post(
        product,
        '/api/contact',
        { name: 'Limit', email: `ha.limit${i}@example.com`, subject: 'Limit', message: 'One of six from one address.' },
        '192.0.2.77',
      );
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("shows the queues on the admin's queue board", async () => {
    const db = connect(product.databaseUrl, { max: 1 });
    const password = 'cluster board password 42';
    const admin = await createUser(db.db, {
      // A fresh address per attempt (CI retries a failed test once).
      email: `ha.admin.${Date.now()}@example.com`,
      firstName: 'Ada',
      passwordHash: await hashPassword(password),
      isAdmin: true,
      accountSetupComplete: true,
    });
    await db.close();
    const login = await post(product, '/api/auth/login', { email: admin.email, password });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const board = await fetch(`${product.baseUrl}/admin/queues/api/queues`, { headers: { cookie } });
    expect(board.status, `${await board.clone().text()}\n${product.output().slice(-3000)}`).toBe(200);
    const { queues } = (await board.json()) as { queues: { name: string; counts: Record<string, number> }[] };
    expect(queues.map((queue) => queue.name).sort()).toEqual([
      'calendar',
      'domain-events',
      'emails',
      'looker-sharing',
      'reports',
      'subscriptions',
    ]);
    // The contacts and bookings of the first test went through: their e-mail jobs are counted on the Cluster.
    expect(queues.find((queue) => queue.name === 'emails')?.counts.completed).toBeGreaterThan(10);
  });
});
