// Moved to the headless engine (engine/src/migrate/migrateRequest.ts), shared with the svc CLI.
export * from '../../../../engine/src/migrate/migrateRequest';
