// What the `svc` command talks to: its streams, its environment and its working folder, given
// as data so that tests run the whole command in-process. Progress goes to stderr only when it
// is a terminal and not --quiet; results go to stdout; questions need a terminal on stdin.
import * as readline from 'node:readline';
import { escapeTerminal, escapeTerminalKeepingNewlines } from '../../../common/src/terminalText';

export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Asks a yes/no question on the terminal; only called when stdinIsTTY. */
  ask(question: string): Promise<boolean>;
}

export function processIo(): CliIo {
  // `svc diff | head`: a reader that goes away is not an error of ours.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stderrIsTTY: !!process.stderr.isTTY,
    stdinIsTTY: !!process.stdin.isTTY,
    ask: (question) =>
      new Promise((resolve) => {
        const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
        rl.question(`${escapeTerminal(question)} [y/N] `, (answer) => {
          rl.close();
          resolve(/^y(es)?$/i.test(answer.trim()));
        });
      }),
  };
}

/**
 * Output of one run: results, notes and progress, honouring --quiet. Every line is escaped for
 * the terminal (common/src/terminalText.ts): names, messages and file names from a server or a
 * repository can hold ESC sequences, C1 controls or newlines that would forge output.
 */
export class Reporter {
  constructor(
    private readonly io: CliIo,
    private readonly quiet: boolean,
  ) {}

  /** A result line (stdout). */
  out(line: string): void {
    this.io.stdout(`${escapeTerminal(line)}\n`);
  }

  /** A JSON result (stdout), pretty-printed: its newlines kept, any other control escaped. */
  json(value: unknown): void {
    this.io.stdout(`${escapeTerminalKeepingNewlines(JSON.stringify(value, null, 2))}\n`);
  }

  /** A note for people (stderr), left out with --quiet. */
  note(line: string): void {
    if (!this.quiet) this.io.stderr(`${escapeTerminal(line)}\n`);
  }

  /** A warning (stderr), always shown, also with --quiet. */
  warn(line: string): void {
    this.io.stderr(`svc: ${escapeTerminal(line)}\n`);
  }

  /** An error (stderr), always shown. */
  error(line: string): void {
    this.io.stderr(`svc: ${escapeTerminal(line)}\n`);
  }

  /** Progress (stderr), only on a terminal and without --quiet; overwrites itself. */
  progress(line: string): void {
    if (!this.quiet && this.io.stderrIsTTY) this.io.stderr(`\r\x1b[2K${escapeTerminal(line)}`);
  }

  endProgress(): void {
    if (!this.quiet && this.io.stderrIsTTY) this.io.stderr('\r\x1b[2K');
  }
}
