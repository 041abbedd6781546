import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type postgres from 'postgres';

/**
 * Every query of a postgres.js pool made inside a trace as an OpenTelemetry span (`db.query`, a child of the span
 * active when the query is made), with its statement text and never its parameters. Drizzle runs its queries through `unsafe()`
 * and its transactions through `begin()`; the rest of the code uses tagged templates: all three are covered, inside
 * transactions too. Only applied when tracing is on (see connect()).
 */
const MAX_STATEMENT = 2000;

type Thenable = { then: (...args: unknown[]) => unknown };

/** Starts the span when the query is first awaited (postgres.js sends it then) and ends it when it settles. */
function traced<Q>(query: Q, statement: string): Q {
  if (!query || typeof (query as unknown as Thenable).then !== 'function') return query;
  // Only inside a trace: health probes, metric scrapes and timers would otherwise make a trace of one query each.
  if (!trace.getActiveSpan()) return query;
  const target = query as unknown as Thenable;
  const then = target.then.bind(target);
  let settled: Promise<unknown> | null = null;
  // biome-ignore lint/suspicious/noThenProperty: the query is a thenable; its then is wrapped on purpose (see above).
  target.then = (onFulfilled?: unknown, onRejected?: unknown) => {
    settled ??= (() => {
      const span = trace.getTracer('lucid-insight').startSpan('db.query', {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system': 'postgresql', 'db.statement': statement.slice(0, MAX_STATEMENT) },
      });
      return new Promise((resolve, reject) =>
        then(
          (value: unknown) => {
            span.end();
            resolve(value);
          },
          (error: unknown) => {
            span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
            span.end();
            reject(error);
          },
        ),
      );
    })();
    return settled.then(onFulfilled as never, onRejected as never);
  };
  return query;
}

const isTemplate = (value: unknown): value is TemplateStringsArray =>
  Array.isArray(value) && Array.isArray((value as unknown as { raw?: unknown }).raw);

export function traceQueries<S extends postgres.Sql>(sql: S): S {
  return new Proxy(sql, {
    apply(target, thisArg, args: unknown[]) {
      const result = Reflect.apply(target, thisArg, args);
      const [strings] = args;
      return isTemplate(strings) ? traced(result, strings.join('?')) : result;
    },
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'unsafe')
        return (query: string, ...rest: unknown[]) =>
          traced((value as (...args: unknown[]) => unknown).call(target, query, ...rest), query);
      if (property === 'begin')
        return (...args: unknown[]) => {
          if (!trace.getActiveSpan()) return (value as (...a: unknown[]) => unknown).call(target, ...args);
          const callback = args.pop() as (tx: postgres.TransactionSql) => unknown;
          // The transaction's statements are children of one span of their own.
          const span = trace.getTracer('lucid-insight').startSpan('db.transaction', {
            kind: SpanKind.CLIENT,
            attributes: { 'db.system': 'postgresql' },
          });
          const spanContext = trace.setSpan(context.active(), span);
          const run = (value as (...a: unknown[]) => Promise<unknown>).call(
            target,
            ...args,
            (tx: postgres.TransactionSql) =>
              context.with(spanContext, () => callback(traceQueries(tx as unknown as postgres.Sql) as never)),
          );
          return run.then(
            (result) => {
              span.end();
              return result;
            },
            (error) => {
              span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
              span.end();
              throw error;
            },
          );
        };
      return value;
    },
  });
}
