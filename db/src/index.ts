export * from './client';
export { assertMigrated, UnmigratedDatabaseError } from './migrate';
