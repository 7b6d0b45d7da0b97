// Moved to the headless engine (engine/src/sync/stateStore.ts), shared with the svc CLI.
export * from '../../../../engine/src/sync/stateStore';
