// The `svc` command's exit codes (docs/cli.md). CI scripts branch on them: keep them stable.
export const EXIT = {
  /** Success; `svc diff`: no differences. */
  ok: 0,
  /** `svc diff`: differences; `svc push`/`pull`/`migrate`: something failed or was refused (lint errors, a refused route, a failed migration). */
  differences: 1,
  /** Usage error, connection error (unreachable, wrong credential, TLS, a server error), or a push not confirmed. */
  usage: 2,
  /** A conflict: a resource changed (or was deleted) on the server and in the file since the pull. */
  conflict: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error that ends the run with a message and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.usage,
  ) {
    super(message);
  }
}
