import { type Attributes, context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { BullMQOtel } from 'bullmq-otel';

/**
 * The active trace, for the code that runs in one (log lines, spans of our own, jobs added later): only the
 * OpenTelemetry API, so importing it costs nothing when tracing is off (the SDK is set up by ./tracing.ts).
 */

/**
 * The current trace, in the form BullMQ carries it in a job (`opts.telemetry.metadata`): for a job added later, in a
 * batch of other requests' jobs, that must still continue the request's trace. Undefined outside any trace.
 */
export function currentTraceMetadata(): string | undefined {
  if (!trace.getActiveSpan()) return undefined;
  return new BullMQOtel().contextManager.getMetadata(context.active());
}

/** The trace and span of the code running now, for log lines (pino's mixin): nothing outside any trace. */
export function traceFields(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/** Without a registered provider (tracing off) this is OpenTelemetry's no-op tracer: its spans cost next to nothing. */
const tracer = () => trace.getTracer('lucid-insight');

/**
 * Runs `work` in a span of its own (a child of the current one), recording a failure. `attributes` must never carry
 * a password, token, address or message body: they are exported as they are.
 */
export function inSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    async (span) => {
      try {
        return await work(span);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
        span.recordException(error as Error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

export { SpanKind };
