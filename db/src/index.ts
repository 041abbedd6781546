export * from './client';
export { assertMigrated, migrationsFolder, runMigrations, UnmigratedDatabaseError } from './migrate';
export * as schema from './schema';
