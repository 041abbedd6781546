/**
 * Server-side only (never imported by the browser): Bun's `TracingChannel` has no `hasSubscribers`, so libraries that
 * skip tracing when nobody listens (ioredis checks `channel.hasSubscribers !== false` before EVERY command) trace
 * every command for nobody: argument sanitizing with regular expressions and wrapper promises, a large share of the
 * API's CPU under load. This adds the getter Node has: true when any of the channel's five events has a subscriber,
 * so tracing still works the day someone subscribes. Imported first by the API and worker entry points.
 */
import diagnostics from 'node:diagnostics_channel';

const EVENTS = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'] as const;

export function installTracingChannelSubscribersCheck(): void {
  if (typeof diagnostics.tracingChannel !== 'function') return;
  const prototype = Object.getPrototypeOf(diagnostics.tracingChannel('lucid-insight:probe')) as object;
  if ('hasSubscribers' in prototype) return;
  Object.defineProperty(prototype, 'hasSubscribers', {
    configurable: true,
    get(this: Record<string, { hasSubscribers?: boolean } | undefined>) {
      return EVENTS.some((event) => this[event]?.hasSubscribers === true);
    },
  });
}

installTracingChannelSubscribersCheck();
