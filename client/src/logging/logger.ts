// A small logging interface with an area prefix, free of `vscode` so that pure modules
// (tree model, environment logic) and their unit tests can log without the extension host.

/** The subset of VS Code's LogOutputChannel our modules use; tests pass a fake. */
export interface LogSink {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string | Error): void;
}

export interface Logger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, err?: unknown): void;
}

/** Returns a logger whose lines start with `[area]`, so one channel stays readable. */
export function areaLogger(sink: LogSink, area: string): Logger {
  const p = (m: string) => `[${area}] ${m}`;
  return {
    trace: (m) => sink.trace(p(m)),
    debug: (m) => sink.debug(p(m)),
    info: (m) => sink.info(p(m)),
    warn: (m) => sink.warn(p(m)),
    error: (m, err) => sink.error(err === undefined ? p(m) : `${p(m)}: ${describeError(err)}`),
  };
}

function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** A logger that drops everything (default for pure modules when no logger is given). */
export const silentLogger: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
