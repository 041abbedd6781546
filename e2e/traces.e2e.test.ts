/**
 * Traces across the queue: the product (API and workers) exports OpenTelemetry spans over OTLP/HTTP to a receiver this
 * test runs. One contact POST makes one trace, from the API's request to both SMTP deliveries in the workers, and
 * the log lines written along the way carry its trace id.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts, type Product, startProduct } from './harness/product';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  service: string;
  /** The resource's attributes (service, release, environment, host or pod), as `key=value`. */
  resource: Record<string, string>;
}

/** An OTLP/HTTP receiver (JSON encoding, as the product's exporter sends it) that keeps every span. */
async function startReceiver() {
  const spans: ExportedSpan[] = [];
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { spans: Omit<ExportedSpan, 'service' | 'resource'>[] }[];
          }[];
        };
        for (const resourceSpans of body.resourceSpans) {
          const resource = Object.fromEntries(
            resourceSpans.resource.attributes.map((a) => [a.key, String(Object.values(a.value)[0] ?? '')]),
          );
          const service = resource['service.name'] ?? '';
          for (const scope of resourceSpans.scopeSpans)
            for (const span of scope.spans) spans.push({ ...span, service, resource });
        }
      } catch {
        // Not JSON: counted in `requests`, and the test's expectations fail.
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const [port] = (await freePorts(1)) as [number];
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let product: Product;

beforeAll(async () => {
  receiver = await startReceiver();
  product = await startProduct({
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // Export every 200 ms instead of every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
      LOG_LEVEL: 'debug',
      APP_VERSION: '9.9.9-traces',
      OTEL_RESOURCE_ATTRIBUTES: 'k8s.pod.name=lucid-insight-api-7d9f-x2x,k8s.namespace.name=lucid-insight',
    },
    outputChars: 20_000_000,
  });
}, 120_000);
afterAll(async () => {
  await product?.stop();
  await receiver?.close();
});

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('follow a contact from the POST to both SMTP deliveries, across the queue, with the trace id in the logs', async () => {
    const email = 'traced.visitor@example.com';
    const response = await fetch(`${product.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { origin: product.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Traced Visitor',
        email,
        subject: 'Tracing',
        message: 'Follow me across the queue.',
      }),
    });
    expect(response.status).toBe(201);
    await product.smtp.waitFor((messages) => messages.length >= 2, 30_000);

    // The request's span: the API's server span of POST /api/contact.
    const server = await expect
      .poll(
        () =>
          receiver.spans.find(
            (span) => span.service === 'lucid-insight-api' && span.kind === 2 && span.name.includes('/api/contact'),
          ),
        { timeout: 15_000, interval: 200 },
      )
      .toBeTruthy()
      .then(() =>
        receiver.spans.find(
          (span) => span.service === 'lucid-insight-api' && span.kind === 2 && span.name.includes('/api/contact'),
        ),
      );
    const traceId = server!.traceId;
    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    // Both deliveries, in the workers, in the same trace.
    await expect
      .poll(() => inTrace().filter((span) => span.name === 'smtp.send').length, { timeout: 15_000, interval: 200 })
      .toBe(2);
    // A job's span ends after the delivery inside it (the delivery record is written after the send) and reaches the
    // receiver in a later export batch: wait for both e-mail jobs' spans too.
    await expect
      .poll(() => inTrace().filter((span) => /^process emails/.test(span.name)).length, {
        timeout: 15_000,
        interval: 200,
      })
      .toBeGreaterThanOrEqual(2);
    const spans = inTrace();
    const smtp = spans.filter((span) => span.name === 'smtp.send');
    expect(new Set(smtp.map((span) => span.service))).toEqual(new Set(['lucid-insight-workers']));
    expect(smtp.map((span) => attribute(span, 'email.template')).sort()).toEqual([
      'contact-acknowledgement',
      'contact-notification',
    ]);
    // The path: the API's query spans and the job's producer span, the workers' domain-event and e-mail jobs.
    const names = spans.map((span) => `${span.service === 'lucid-insight-api' ? 'api' : 'workers'} ${span.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'api db.query',
        expect.stringMatching(/^api add(Bulk)? domain-events/),
        expect.stringMatching(/^workers process domain-events/),
        expect.stringMatching(/^workers add(Bulk)? emails/),
        expect.stringMatching(/^workers process emails/),
        'workers db.query',
      ]),
    );
    // One tree: every span but the request's has its parent in the trace.
    const ids = new Set(spans.map((span) => span.spanId));
    const orphans = spans.filter((span) => span !== server && !ids.has(span.parentSpanId ?? ''));
    expect(orphans.map((span) => span.name)).toEqual([]);
    // No parameter, address, header or body in any attribute of the trace.
    const attributes = JSON.stringify(spans.map((span) => span.attributes));
    expect(attributes).not.toContain(email);
    expect(attributes).not.toContain('Follow me across the queue');
    expect(attributes).not.toMatch(/http\.request\.(body|header|cookie)|client\.address|url\.full/);
    expect(attribute(server!, 'http.route')).toBe('/api/contact');
    expect(attribute(server!, 'http.response.status_code')).toBe(201);

    // The log lines written for this contact in both processes carry the trace id.
    const lines = product
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { name: string; msg: string; traceId?: string });
    const sent = lines.filter((line) => line.name === 'workers' && line.msg === 'e-mail sent');
    expect(sent.map((line) => line.traceId)).toEqual([traceId, traceId]);
    expect(lines.some((line) => line.name === 'api' && line.traceId === traceId)).toBe(true);
    // And a line outside any trace has none.
    expect(lines.find((line) => line.msg === 'workers started')?.traceId).toBeUndefined();
    // A sign-in's password and cookie never reach the receiver either.
    const login = await fetch(`${product.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: {
        origin: product.baseUrl,
        'content-type': 'application/json',
        cookie: 'session=not-a-real-session-token',
      },
      body: JSON.stringify({ email, password: 'a-password-that-must-stay-secret' }),
    });
    expect(login.status).toBe(401);
    await expect
      .poll(() => receiver.spans.some((span) => span.kind === 2 && span.name.includes('/api/auth/login')), {
        timeout: 15_000,
      })
      .toBe(true);
    const everything = JSON.stringify(receiver.spans);
    expect(everything).not.toContain('a-password-that-must-stay-secret');
    expect(everything).not.toContain('not-a-real-session-token');
    expect(receiver.requests.every((request) => request.startsWith('POST /v1/traces application/json'))).toBe(true);
  }, 90_000);

  it('names every span, tells which release, environment and pod sent it, and leaves queue housekeeping out', async () => {
    // Idle for a few stalled-job check intervals (WORKER_LOCK_MS is 2 s here): BullMQ's housekeeping would make
    // traces of one span each on every check.
    const idleFrom = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 7000));
    await expect.poll(() => receiver.spans.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(receiver.spans.filter((span) => !span.name.trim()).map((span) => span.service)).toEqual([]);
    const byTrace = new Map<string, ExportedSpan[]>();
    for (const span of receiver.spans) byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);
    const lonely = [...byTrace.values()]
      .filter((spans) => spans.length === 1)
      .map(([span]) => span!)
      .filter(
        (span) =>
          Number(BigInt((span as unknown as { startTimeUnixNano: string }).startTimeUnixNano) / 1_000_000n) >= idleFrom,
      )
      .map((span) => span.name);
    expect(
      lonely.filter((name) => /getNextJob|moveStalledJobsToWait|startStalledCheckTimer|extendLocks/.test(name)),
    ).toEqual([]);
    for (const service of ['lucid-insight-api', 'lucid-insight-workers']) {
      const resource = receiver.spans.find((span) => span.service === service)?.resource ?? {};
      expect(resource).toMatchObject({
        'service.version': '9.9.9-traces',
        'deployment.environment.name': expect.any(String),
        'k8s.pod.name': 'lucid-insight-api-7d9f-x2x',
        'k8s.namespace.name': 'lucid-insight',
      });
      expect(resource['service.instance.id']).toBeTruthy();
      expect(resource['host.name']).toBeTruthy();
    }
  }, 60_000);
});
