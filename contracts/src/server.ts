/**
 * Everything the API, the workers and the platform share: the browser's contracts (index.ts: schemas, messages, site
 * facts) and what only servers use: domain events, queues and secret tokens (their hashing with `@oslojs`). The SPA
 * imports `@app/contracts` and never this file (dependency-cruiser and the SPA's build both refuse it, ADR 048).
 */
export * from './events';
export * from './index';
export * from './queues';
export * from './tokens';
