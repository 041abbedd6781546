export * from './embed-stand-ins';
export * from './lookerstudio-stand-in';
export * from './smtp';
export * from './tcp-proxy';
export * from './wait';
