export * from './embed-stand-ins';
export * from './smtp';
export * from './tcp-proxy';
export * from './wait';
export * from './lookerstudio-stand-in';
