// Moved to the headless engine (engine/src/sync/syncKinds.ts), shared with the svc CLI.
export * from '../../../../engine/src/sync/syncKinds';
