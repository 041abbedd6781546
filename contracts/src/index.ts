/**
 * What the browser may import: the API's schemas and messages, and facts about the site. What only servers use (domain
 * events, queues, secret tokens) is in server.ts (`@app/contracts/server`), which re-exports this file (ADR 048).
 */
export * from './api/account-security';
export * from './api/admin';
export * from './api/auth';
export * from './api/booking';
export * from './api/common';
export * from './api/consultations';
export * from './api/contact';
export * from './api/dashboards';
export * from './api/embedding';
export * from './api/leads';
export * from './api/lists';
export * from './api/lookerstudio';
export * from './api/overview';
export * from './api/powerbi';
export * from './api/site';
export * from './api/sso';
export * from './api/subscriptions';
export * from './api/system';
export * from './api/usage';
export * from './api/users';
export * from './brand';
export * from './calendar-links';
export * from './site';
export * from './social';
export * from './subscription-schedule';
export * from './time-zone';
