// `svc`: pull, diff, push and migrate from a terminal or CI, on the same engine as the
// extension (docs/cli.md). Thin: parses arguments, builds the connection, runs one command and
// maps failures to exit codes. Tests call runSvc() in-process with their own CliIo.
import { parseArgs } from 'node:util';
import type { MigrateMode } from '../../../api/src/types';
import { connectionFrom, describeFailure, type Connection } from './connection';
import { diffCommand } from './diffCommand';
import { CliError, EXIT, type ExitCode } from './exitCodes';
import { processIo, Reporter, type CliIo } from './io';
import { migrateCommand } from './migrateCommand';
import { pullCommand } from './pullCommand';
import { pushCommand } from './pushCommand';

export const USAGE = `Usage: svc <command> [options]

Commands:
  svc pull (--all | FILE...) [--dir DIR] [--force] [--format json|yaml]
      Pull every API, policy and key (--all), or pull pulled files again. Files go to DIR
      (default svc/) under the current directory, state to ./.svc/. Files with local changes
      are kept unless --force. --format yaml writes new OAS and streams API files as YAML;
      a YAML file pulled again keeps its comments and style.
  svc diff [FILE...] [--format text|json]
      What changed in each pulled file, on the server, or both, per JSON path.
      Exit 0: no differences, 1: differences, 3: a conflict, 2: usage or connection error.
  svc push [FILE...] [--yes] [--force] [--reload] [--new-version NAME --base-api ID [--base-version NAME] [--set-default]]
      Lint, show the plan, ask (or --yes), push. Refuses resources changed on the server since
      the pull (exit 3) unless --force. Without FILE: every pulled file changed locally.
  svc migrate (--dry-run | --stage | --promote | --direct) (--all | API_ID...) [--format text|json]
      Migrate classic APIs to OAS (endpoint 15) and print the report.

Connection (flags or environment variables):
  --dashboard URL      SVC_DASHBOARD_URL
  --gateway URL        SVC_GATEWAY_URL (default: the dashboard URL)
  --ca-file PATH       SVC_CA_FILE      trust this CA (PEM) too
  --insecure           SVC_INSECURE=1   accept a self-signed certificate (test servers)
  --env NAME           SVC_ENVIRONMENT  the name pulled files are recorded under (default: host:port)
Credentials come only from SVC_DASHBOARD_TOKEN, SVC_GATEWAY_SECRET and SVC_ADMIN_SECRET.

Other options: --quiet (no progress, no notes), --help.`;

const CONNECTION_OPTIONS = {
  dashboard: { type: 'string' },
  gateway: { type: 'string' },
  'ca-file': { type: 'string' },
  insecure: { type: 'boolean' },
  env: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

const COMMAND_OPTIONS = {
  pull: { all: { type: 'boolean' }, dir: { type: 'string' }, force: { type: 'boolean' }, format: { type: 'string' } },
  diff: { format: { type: 'string' } },
  push: {
    yes: { type: 'boolean', short: 'y' },
    force: { type: 'boolean' },
    reload: { type: 'boolean' },
    'new-version': { type: 'string' },
    'base-api': { type: 'string' },
    'base-version': { type: 'string' },
    'set-default': { type: 'boolean' },
  },
  migrate: {
    'dry-run': { type: 'boolean' },
    stage: { type: 'boolean' },
    promote: { type: 'boolean' },
    direct: { type: 'boolean' },
    all: { type: 'boolean' },
    format: { type: 'string' },
    'abort-on-failure': { type: 'boolean' },
    'override-staged': { type: 'boolean' },
  },
} as const;

type Command = keyof typeof COMMAND_OPTIONS;
const isCommand = (value: string | undefined): value is Command => !!value && value in COMMAND_OPTIONS;

function formatOf(value: string | undefined): 'text' | 'json' {
  if (value === undefined || value === 'text' || value === 'json') return value ?? 'text';
  throw new CliError(`Unknown format '${value}': use text or json.`);
}

export async function runSvc(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(`${USAGE}\n`);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  const early = new Reporter(io, false);
  if (!isCommand(command)) {
    early.error(`unknown command '${command}'.\n${USAGE}`);
    return EXIT.usage;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: { ...CONNECTION_OPTIONS, ...COMMAND_OPTIONS[command] }, allowPositionals: true, strict: true });
  } catch (err) {
    early.error(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return EXIT.usage;
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const str = (name: string) => values[name] as string | undefined;
  const flag = (name: string) => values[name] === true;
  if (flag('help')) {
    io.stdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  const out = new Reporter(io, flag('quiet'));
  let connection: Connection | undefined;
  try {
    const flags = { dashboard: str('dashboard'), gateway: str('gateway'), caFile: str('ca-file'), insecure: flag('insecure'), environment: str('env') };
    connection = connectionFrom(flags, io.env);
    const files = parsed.positionals;
    switch (command) {
      case 'pull':
        return await pullCommand(io.cwd, connection, { all: flag('all'), files, dir: str('dir'), force: flag('force'), format: str('format') }, out);
      case 'diff':
        return await diffCommand(io.cwd, connection, { files, format: formatOf(str('format')) }, out);
      case 'push': {
        const newVersion = str('new-version');
        const baseApi = str('base-api');
        if (!!newVersion !== !!baseApi) throw new CliError('--new-version and --base-api go together (create an OAS document as a new version of an API).');
        const oasVersion =
          newVersion && baseApi
            ? { newVersionName: newVersion, baseApiId: baseApi, baseApiVersionName: str('base-version'), setDefault: flag('set-default') }
            : undefined;
        return await pushCommand(io.cwd, connection, { files, yes: flag('yes'), force: flag('force'), reload: flag('reload'), oasVersion }, io, out);
      }
      case 'migrate': {
        const modes = (['dry-run', 'stage', 'promote', 'direct'] as const).filter((m) => flag(m));
        if (modes.length !== 1) throw new CliError('Choose exactly one of --dry-run, --stage, --promote, --direct.');
        const mode: MigrateMode = modes[0] === 'dry-run' ? 'dryRun' : modes[0];
        return await migrateCommand(
          connection,
          {
            mode,
            all: flag('all'),
            apiIds: files,
            format: formatOf(str('format')),
            abortOnFailure: flag('abort-on-failure'),
            overrideStaged: flag('override-staged'),
          },
          out,
        );
      }
    }
  } catch (err) {
    out.endProgress();
    out.error(describeFailure(err, connection));
    return err instanceof CliError ? err.exitCode : EXIT.usage;
  }
}

/** Runs with the process's arguments and sets its exit code (bin/svc.js calls this). */
export function main(): void {
  runSvc(process.argv.slice(2), processIo()).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`svc: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = EXIT.usage;
    },
  );
}

if (require.main === module) main();
