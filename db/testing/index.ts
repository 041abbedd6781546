export * from './database';
export * from './factories';
