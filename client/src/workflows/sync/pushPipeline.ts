// Moved to the headless engine (engine/src/sync/pushPipeline.ts), shared with the svc CLI.
export * from '../../../../engine/src/sync/pushPipeline';
