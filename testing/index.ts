export * from './smtp';
export * from './tcp-proxy';
export * from './wait';
