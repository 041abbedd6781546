import { connect, type DatabaseHandle } from '@app/db';
import { createUser } from '@app/db/testing';
import { afterAll, beforeAll } from 'vitest';
import { hashPassword } from '../backend/src/modules/auth/auth.service';
import type { BrowserSuite } from './harness';

export interface SuiteDatabase {
  /** The product's database, for the rows a test writes or reads itself. */
  readonly db: DatabaseHandle['db'];
  /** The hash of the suite's password: made once, Argon2id costs ~200 ms a hash. */
  readonly passwordHash: string;
  /** A user who signs in with the suite's password, set up, with the test's fields. */
  account(fields?: Parameters<typeof createUser>[1]): ReturnType<typeof createUser>;
}

/**
 * The product's database for a suite's (or a describe block's) own rows: connected once the product has started,
 * closed after the tests. With `password`, the users `account` makes sign in with it.
 */
export function useSuiteDatabase(suite: BrowserSuite, applicationName: string, password?: string): SuiteDatabase {
  let handle: DatabaseHandle | undefined;
  let hash: string | undefined;
  beforeAll(async () => {
    handle = connect(suite.product.databaseUrl, { max: 2, applicationName });
    if (password !== undefined) hash = await hashPassword(password);
  });
  afterAll(async () => {
    await handle?.close().catch(() => {});
  });
  const database: SuiteDatabase = {
    get db() {
      if (!handle) throw new Error('The suite database is connected in beforeAll: use it inside a test or a hook');
      return handle.db;
    },
    get passwordHash() {
      if (hash === undefined) throw new Error('useSuiteDatabase was given no password to hash');
      return hash;
    },
    account: (fields = {}) =>
      createUser(database.db, { passwordHash: database.passwordHash, accountSetupComplete: true, ...fields }),
  };
  return database;
}
