// Moved to the headless engine (engine/src/sync/remoteReader.ts), shared with the svc CLI.
export * from '../../../../engine/src/sync/remoteReader';
