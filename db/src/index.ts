export * from './client';
export { assertMigrated, UnmigratedDatabaseError } from './migrate';
export * as schema from './schema';
