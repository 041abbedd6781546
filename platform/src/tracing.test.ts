import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';
import { traceFields } from './trace-context';
import { safeAttributes, startTracing, tracingEnvEntries } from './tracing';

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
