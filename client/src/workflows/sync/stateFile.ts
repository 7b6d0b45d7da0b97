// Moved to the headless engine (engine/src/sync/stateFile.ts), shared with the svc CLI.
export * from '../../../../engine/src/sync/stateFile';
