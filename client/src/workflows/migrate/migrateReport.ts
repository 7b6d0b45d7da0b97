// Moved to the headless engine (engine/src/migrate/migrateReport.ts), shared with the svc CLI.
export * from '../../../../engine/src/migrate/migrateReport';
