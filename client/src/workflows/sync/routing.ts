// Moved to the headless engine (engine/src/sync/routing.ts), shared with the svc CLI.
export * from '../../../../engine/src/sync/routing';
