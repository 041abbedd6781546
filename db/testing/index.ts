export * from './command';
export * from './database';
export * from './factories';
export * from './fixture';
