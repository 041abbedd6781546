import { describe, expect, it } from 'vitest';
import { pageHeightOf, readSchedulingEvent } from './scheduling-events';

describe('readSchedulingEvent', () => {
  it("reads the service's events from https://calendly.com", () => {
    expect(
      readSchedulingEvent({
        origin: 'https://calendly.com',
        data: { event: 'calendly.event_scheduled', payload: { invitee: { uri: 'x' } } },
      }),
    ).toEqual({ event: 'calendly.event_scheduled', payload: { invitee: { uri: 'x' } } });
    expect(readSchedulingEvent({ origin: 'https://calendly.com', data: { event: 'calendly.page_height' } })).toEqual({
      event: 'calendly.page_height',
      payload: {},
    });
  });

  it('ignores messages from any other origin, even with a calendly event', () => {
    const data = { event: 'calendly.event_scheduled', payload: {} };
    for (const origin of [
      'https://evil.test',
      'http://calendly.com',
      'https://calendly.com.evil.test',
      'https://assets.calendly.com',
      'null',
      '',
    ])
      expect(readSchedulingEvent({ origin, data })).toBeNull();
  });

  it('ignores unknown events and data that is not an event', () => {
    for (const data of [null, 'calendly.event_scheduled', { event: 'calendly.other' }, { event: 5 }, {}])
      expect(readSchedulingEvent({ origin: 'https://calendly.com', data })).toBeNull();
  });
});

describe('pageHeightOf', () => {
  it("reads '1234px' and numbers, and refuses nonsense", () => {
    expect(pageHeightOf({ height: '1234px' })).toBe(1234);
    expect(pageHeightOf({ height: 800.4 })).toBe(800);
    expect(pageHeightOf({ height: 'tall' })).toBeNull();
    expect(pageHeightOf({ height: -5 })).toBeNull();
    expect(pageHeightOf({})).toBeNull();
  });
});
