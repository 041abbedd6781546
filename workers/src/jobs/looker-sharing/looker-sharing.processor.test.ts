import { type EventType, EventTypes } from '@app/contracts/server';
import type { Database } from '@app/db';
import { describe, expect, it } from 'vitest';
import { assetsOfEvent } from './looker-sharing.processor';

// Events that are no sharing event concern no report, and never reach the database.
const noDatabase = new Proxy({} as Database, {
  get: () => {
    throw new Error('the database was asked');
  },
});

describe('the reports a sharing event concerns', () => {
  it.each([EventTypes.contactReceived, 'constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'are none for %s, without a look at the database',
    async (type) => {
      expect(await assetsOfEvent(noDatabase, type as EventType, { dashboardId: 1 })).toEqual([]);
    },
  );
});
