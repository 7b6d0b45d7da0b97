// Moved to the headless engine (engine/src/sync/fileNaming.ts), shared with the svc CLI.
export * from '../../../../engine/src/sync/fileNaming';
