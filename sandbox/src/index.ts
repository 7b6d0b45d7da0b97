// The embedded management server, as the extension, the CLI and the tests use it: start one
// (start.ts), or join the live one that serves the same data folder (join.ts). Only re-exports, so
// that join.ts can build on start.ts without an import circle through this file.
export { startSandbox, type RunningSandbox, type SandboxOptions } from './start.js';
export { joinOrStartSandbox } from './join.js';
export type { SandboxCredentials } from './types.js';
export { defaultDataDir } from './store/dataDir.js';
export { DataDirLockedError, readLock, type LockHolder } from './store/lock.js';
export { DataDamagedError } from './store/damage.js';
