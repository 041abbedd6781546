export * from './audit';
export * from './auth';
export * from './bookings';
export * from './contact';
export * from './dashboards';
export * from './events';
export * from './organizations';
export * from './users';
