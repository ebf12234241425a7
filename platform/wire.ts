// The one door from platform/ to the shared wire contract in src/domain/wire.ts.
export * from '../src/domain/wire';
