/**
 * Target 3: from the contact POST's answer to its notification e-mail reaching the SMTP server, at 50 contacts a
 * second, with the API and the workers started as production starts them.
 */

import { contactRequest } from './contact';
import { COMPANY_EMAIL, uniquePrefix } from './lib/env';
import { openLoad } from './lib/load';
import { type Figure, figure } from './lib/report';
import { startTimedSmtpServer } from './lib/smtp';
import { freshDatabase, startApi, startWorkersProcess } from './lib/stack';
import { percentile, round } from './lib/stats';

const RATE = 50;
const DURATION_MS = 12_000;
const DRAIN_MS = 15_000;

export async function emailLatency(): Promise<Figure[]> {
  const database = await freshDatabase();
  const queuePrefix = uniquePrefix('latency');
  const smtp = await startTimedSmtpServer();
  const stops: (() => Promise<void>)[] = [() => database.drop(), () => smtp.close()];
  try {
    const workers = await startWorkersProcess({ databaseUrl: database.url, queuePrefix, smtpUrl: smtp.url });
    stops.unshift(() => workers.stop());
    const api = await startApi({ databaseUrl: database.url, queuePrefix, env: { TRUST_PROXY: 'true' } });
    stops.unshift(() => api.stop());

    const url = `${api.url}/api/contact`;
    const answeredAt = new Map<number, number>();
    // Numbers from 1e6 so the warm-up's and the run's messages are told apart.
    const warm = await openLoad({
      ratePerSecond: 10,
      durationMs: 1000,
      request: (i) => contactRequest(url, 900_000 + i),
    });
    if (warm.errors) throw new Error(`warm-up contact failed: ${warm.firstError}`);
    const result = await openLoad({
      ratePerSecond: RATE,
      durationMs: DURATION_MS,
      request: (i) => contactRequest(url, 1_000_000 + i),
      onAnswer: (i, _response, _body, at) => answeredAt.set(1_000_000 + i, at),
    });

    // The company's notification quotes the message, whose text carries the benchmark number.
    const pattern = /benchmark message (\d+)/;
    const latencies: number[] = [];
    const seen = new Set<number>();
    const deadline = performance.now() + DRAIN_MS;
    let scanned = 0;
    while (seen.size < answeredAt.size && performance.now() < deadline) {
      for (; scanned < smtp.messages.length; scanned++) {
        const message = smtp.messages[scanned];
        if (!message?.envelopeTo.includes(COMPANY_EMAIL)) continue;
        const n = Number(pattern.exec(message.text)?.[1]);
        const answered = answeredAt.get(n);
        if (answered === undefined || seen.has(n)) continue;
        seen.add(n);
        latencies.push((smtp.arrivals[scanned] as number) - answered);
      }
      await Bun.sleep(50);
    }
    const missing = answeredAt.size - seen.size;
    const p95 = missing > 0 ? Number.POSITIVE_INFINITY : percentile(latencies, 95);
    return [
      figure(
        `contact → SMTP: p95 at ${RATE}/s (${DURATION_MS / 1000} s)`,
        Number.isFinite(p95) ? `${round(p95, 0)} ms` : 'incomplete',
        '< 500 ms',
        p95 < 500 && result.errors === 0,
        `${latencies.length} notifications, p50 ${round(percentile(latencies, 50), 0)} ms, max ${round(Math.max(...latencies), 0)} ms; POST p95 ${round(percentile(result.latencies, 95), 0)} ms` +
          `${missing ? `; ${missing} never arrived within ${DRAIN_MS / 1000} s` : ''}${result.errors ? `; ${result.errors} POST errors: ${result.firstError}` : ''}`,
      ),
    ];
  } finally {
    for (const stop of stops) await stop().catch((error) => console.warn(`  cleanup failed: ${error}`));
  }
}
