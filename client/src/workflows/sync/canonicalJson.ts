// Moved to the headless engine (engine/src/sync/canonicalJson.ts), shared with the svc CLI.
export * from '../../../../engine/src/sync/canonicalJson';
