// What every route module receives: the instance's state and options. Passed explicitly, never
// module globals, so two sandboxes in one process stay apart.
import type { SandboxState } from '../store/state.js';

export interface ExamplesOptions {
  /** The built-in catalogue folder (index.json + one folder per location). */
  dir: string | undefined;
  /** Limits for indexes and repositories named by the request headers. */
  timeoutMs: number;
  maxBytes: number;
}

export interface RouteDeps {
  state: SandboxState;
  examples: ExamplesOptions;
  log: (line: string) => void;
  /** Spec-only mode: no sandbox extensions, and the key endpoints check the API the key grants. */
  specOnly: boolean;
}

/** Query flags the reference reads as booleans (`true`, `1`, `t`…); anything else is false. */
export function flag(value: string | null): boolean {
  return value !== null && /^(1|t|true|yes|on)$/i.test(value.trim());
}
