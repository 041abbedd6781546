import { context, context as otelContext, SpanKind, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { SamplingDecision } from '@opentelemetry/sdk-trace-base';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';
import { traceFields } from './trace-context';
import { quietHousekeeping, safeAttributes, startTracing, tracingEnvEntries, tracingResource } from './tracing';

describe('tracing settings', () => {
  const schema = v.object(tracingEnvEntries);
  it('are off without OTEL_EXPORTER_OTLP_ENDPOINT, and starting them then registers nothing', async () => {
    expect(parseEnv(schema, {})).toEqual({});
    const tracing = startTracing({}, 'lucid-insight-api');
    expect(trace.getTracer('x').startSpan('nothing').isRecording()).toBe(false);
    await tracing.shutdown();
  });

  it('refuse an endpoint that is not an http(s) URL, by name', () => {
    expect(() => parseEnv(schema, { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(ConfigError);
    expect(() => parseEnv(schema, { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be a http\(s\) URL/,
    );
    expect(
      parseEnv(schema, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'api-eu' }),
    ).toEqual({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_SERVICE_NAME: 'api-eu',
    });
  });
});

describe('safeAttributes', () => {
  it('drops bodies, headers, cookies, full URLs and client addresses, and keeps the rest', () => {
    expect(
      safeAttributes({
        'http.request.method': 'POST',
        'http.route': '/api/auth/login',
        'http.response.status_code': 401,
        'http.request.body': '{"password":"secret"}',
        'http.request.body.size': 21,
        'http.request.header.cookie': 'session=abc',
        'http.request.header.authorization': 'Bearer abc',
        'http.request.cookie': '{"session":"abc"}',
        'http.response.header.set-cookie': 'session=abc',
        'url.full': 'http://localhost/reset?token=abc',
        'client.address': '203.0.113.9',
        'db.statement': 'select 1',
      }),
    ).toEqual({
      'http.request.method': 'POST',
      'http.route': '/api/auth/login',
      'http.response.status_code': 401,
      'db.statement': 'select 1',
    });
  });

  it('returns the same object when there is nothing to drop (no copy per span)', () => {
    const attributes = { 'db.statement': 'select 1' };
    expect(safeAttributes(attributes)).toBe(attributes);
  });
});

describe('traceFields (the logger mixin)', () => {
  it('gives nothing outside a trace, and the trace and span ids inside one', () => {
    expect(traceFields()).toEqual({});
    const span = trace.wrapSpanContext({
      traceId: '0af7651916cd43dd8448eb211c80319c',
      spanId: 'b7ad6b7169203331',
      traceFlags: 1,
    });
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    try {
      expect(context.with(trace.setSpan(context.active(), span), () => traceFields())).toEqual({
        traceId: '0af7651916cd43dd8448eb211c80319c',
        spanId: 'b7ad6b7169203331',
      });
      expect(traceFields()).toEqual({});
    } finally {
      context.disable();
    }
  });
});

describe('what the traces carry', () => {
  it('leave out the queue housekeeping that would start a trace, and keep jobs and everything else', () => {
    const decide = (name: string, kind = SpanKind.INTERNAL) =>
      quietHousekeeping.shouldSample(otelContext.active(), 'trace', name, kind, {}, []).decision;
    for (const name of ['getNextJob emails', 'moveStalledJobsToWait calendar', 'startStalledCheckTimer emails'])
      expect(decide(name)).toBe(SamplingDecision.NOT_RECORD);
    expect(decide('process emails', SpanKind.CONSUMER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide('add domain-events', SpanKind.PRODUCER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide('POST /api/contact', SpanKind.SERVER)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it('name the release, the environment, the instance and what OTEL_RESOURCE_ATTRIBUTES adds', () => {
    const previous = process.env.OTEL_RESOURCE_ATTRIBUTES;
    process.env.OTEL_RESOURCE_ATTRIBUTES = 'k8s.pod.name=api-1,k8s.namespace.name=lucid';
    try {
      const { attributes } = tracingResource('lucid-insight-api', { APP_VERSION: '1.2.3', NODE_ENV: 'production' });
      expect(attributes).toMatchObject({
        'service.name': 'lucid-insight-api',
        'service.version': '1.2.3',
        'deployment.environment.name': 'production',
        'k8s.pod.name': 'api-1',
        'k8s.namespace.name': 'lucid',
      });
      expect(attributes['service.instance.id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(attributes['host.name']).toBeTruthy();
      expect(tracingResource('lucid-insight-workers', {}).attributes).toMatchObject({
        'service.version': 'dev',
        'deployment.environment.name': 'development',
      });
    } finally {
      if (previous === undefined) delete process.env.OTEL_RESOURCE_ATTRIBUTES;
      else process.env.OTEL_RESOURCE_ATTRIBUTES = previous;
    }
  });
});
