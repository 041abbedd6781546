import diagnostics from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import './diagnostics-channel';

describe('TracingChannel.hasSubscribers', () => {
  it('is false while nobody listens and true once someone subscribes to any of its events', () => {
    const channel = diagnostics.tracingChannel(`test:${crypto.randomUUID()}`);
    expect(channel.hasSubscribers).toBe(false);
    const listener = () => {};
    channel.asyncEnd.subscribe(listener);
    expect(channel.hasSubscribers).toBe(true);
    channel.asyncEnd.unsubscribe(listener);
    expect(channel.hasSubscribers).toBe(false);
  });
});
