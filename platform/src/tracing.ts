import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { SpanKind } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  SamplingDecision,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BullMQOtel } from 'bullmq-otel';
import * as v from 'valibot';
import { envUrl } from './env';

/**
 * OpenTelemetry traces (issue 15), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set. Then each process registers one
 * tracer provider that exports over OTLP/HTTP (JSON) to `${endpoint}/v1/traces`: the API's requests (Elysia's
 * plugin), the queues (BullMQ's own telemetry, which carries the trace from the job's producer to its worker), every
 * database query and every SMTP delivery. Off, nothing is registered and every helper below costs a function call.
 */
export const tracingEnvEntries = {
  /** Base URL of an OTLP/HTTP receiver (an OpenTelemetry Collector, Jaeger, Tempo...): traces go to /v1/traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT: v.optional(envUrl(['http:', 'https:'], 'http(s)')),
  /** The service name on this process's spans (default lucid-insight-api or lucid-insight-workers). */
  OTEL_SERVICE_NAME: v.optional(v.pipe(v.string(), v.maxLength(100, 'must be at most 100 characters'))),
};

export interface TracingConfig {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_SERVICE_NAME?: string | undefined;
}

export const tracingEnabled = (config: TracingConfig) => Boolean(config.OTEL_EXPORTER_OTLP_ENDPOINT);

/**
 * Attributes that may carry what must never leave the process: request and response bodies and headers (cookies,
 * authorization, CSRF tokens), the full URL (tokens ride in query strings) and the client's address. Elysia's plugin
 * records all of them; they are dropped here, before export, whatever records them.
 */
const UNSAFE_ATTRIBUTE =
  /^(http\.request\.(body|header|cookie)|http\.response\.(body|header)|url\.(full|query)|client\.address)/;

export function safeAttributes(attributes: ReadableSpan['attributes']): ReadableSpan['attributes'] {
  let unsafe = false;
  for (const key in attributes)
    if (UNSAFE_ATTRIBUTE.test(key)) {
      unsafe = true;
      break;
    }
  if (!unsafe) return attributes;
  return Object.fromEntries(Object.entries(attributes).filter(([key]) => !UNSAFE_ATTRIBUTE.test(key)));
}

/** Hands the exporter each span with `safeAttributes` only (the span itself is left as it is). */
class SafeExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    const safe = spans.map((span) => {
      const attributes = safeAttributes(span.attributes);
      return attributes === span.attributes ? span : Object.assign(Object.create(span) as ReadableSpan, { attributes });
    });
    this.inner.export(safe, done);
  }
  shutdown() {
    return this.inner.shutdown();
  }
  forceFlush() {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/**
 * BullMQ traces its own housekeeping (fetching the next job, the stalled-job check) as root spans: a trace of one span
 * per worker and check interval that tells nothing and drowns the traces that matter. They are not recorded when they
 * start a trace; the same operations inside a job's trace still are.
 */
const HOUSEKEEPING = /^(getNextJob|moveStalledJobsToWait|startStalledCheckTimer|extendLocks|trimEvents)( |$)/;

export const quietHousekeeping: Sampler = {
  shouldSample: (_context, _traceId, name, kind) => ({
    decision:
      kind === SpanKind.INTERNAL && HOUSEKEEPING.test(name)
        ? SamplingDecision.NOT_RECORD
        : SamplingDecision.RECORD_AND_SAMPLED,
  }),
  toString: () => 'QuietHousekeeping',
};

/**
 * What every span of the process carries besides its service: the release (APP_VERSION, as build_info), the
 * environment (NODE_ENV), this process's instance id and host (the pod's name on Kubernetes), and whatever the
 * operator adds in OTEL_RESOURCE_ATTRIBUTES (the manifests add the pod and namespace from the downward API).
 */
export function tracingResource(serviceName: string, env: Record<string, string | undefined> = process.env) {
  const detected = detectResources({ detectors: [envDetector] });
  return resourceFromAttributes({
    'host.name': hostname(),
    'service.instance.id': randomUUID(),
  })
    .merge(detected)
    .merge(
      resourceFromAttributes({
        'service.name': serviceName,
        'service.version': env.APP_VERSION || 'dev',
        'deployment.environment.name': env.NODE_ENV || 'development',
      }),
    );
}

let provider: NodeTracerProvider | null = null;

/**
 * Registers this process's tracer provider (once; again is a no-op) when tracing is on. `shutdown()` exports what is
 * left: call it before the process exits.
 */
export function startTracing(config: TracingConfig, defaultServiceName: string): { shutdown(): Promise<void> } {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return { shutdown: async () => {} };
  if (!provider) {
    const url = `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
    provider = new NodeTracerProvider({
      resource: tracingResource(config.OTEL_SERVICE_NAME ?? defaultServiceName),
      sampler: new ParentBasedSampler({ root: quietHousekeeping }),
      spanProcessors: [new BatchSpanProcessor(new SafeExporter(new OTLPTraceExporter({ url })))],
    });
    // The AsyncLocalStorage context manager and the W3C trace-context propagator, globally.
    provider.register();
  }
  const registered = provider;
  return { shutdown: () => registered.shutdown().catch(() => {}) };
}

/** BullMQ's telemetry for queues and workers, or undefined when tracing is off (BullMQ then traces nothing). */
export const queueTelemetry = (config: TracingConfig) =>
  tracingEnabled(config) ? new BullMQOtel({ tracerName: 'lucid-insight', enableMetrics: false }) : undefined;
