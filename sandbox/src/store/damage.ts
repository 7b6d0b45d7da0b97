// Damaged data refuses the start: serving a folder with a record missing or reverted would
// quietly lose acknowledged writes, and the next write could make it permanent.
import { join } from 'node:path';

export interface DamagedFile {
  /** Relative to the data folder, e.g. `apis/petstore-0123456789ab.json`. */
  file: string;
  reason: string;
}

export class DataDamagedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly files: DamagedFile[],
    advice = DEFAULT_ADVICE,
  ) {
    const shown = files.slice(0, 10).map((f) => `  ${join(dataDir, f.file)}: ${f.reason}`);
    if (files.length > 10) shown.push(`  … and ${files.length - 10} more`);
    super(`the data folder ${dataDir} holds damaged data; the sandbox does not start on it:\n${shown.join('\n')}\n${advice}`);
  }
}

const DEFAULT_ADVICE =
  'To recover: restore the file from a backup; or move it out of the folder to start without that record (it is then lost); ' +
  'or start with another folder (--data DIR). Nothing in the folder was changed.';
