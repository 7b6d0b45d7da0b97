// Moved to the headless engine (engine/src/sync/pull.ts), shared with the svc CLI.
export * from '../../../../engine/src/sync/pull';
