// `svc`: pull, diff, push and migrate from a terminal or CI, on the same engine as the
// extension (docs/cli.md). Thin: parses arguments, builds the connection, runs one command and
// maps failures to exit codes. Tests call runSvc() in-process with their own CliIo.
import { parseArgs } from 'node:util';
import { escapeErrorForTerminal } from '../../../common/src/terminalText';
import type { MigrateMode } from '../../../api/src/types';
import { connectionFrom, describeFailure, INSECURE_WARNING, type Connection } from './connection';
import { diffCommand } from './diffCommand';
import { explainCommand } from './explainCommand';
import { CliError, EXIT, type ExitCode } from './exitCodes';
import { processIo, Reporter, type CliIo } from './io';
import { migrateCommand } from './migrateCommand';
import { pullCommand } from './pullCommand';
import { pushCommand } from './pushCommand';
import { bareResolutionFlags, resolutionsFrom } from './resolutionFlags';
import { envDiffCommand } from '../environments/cli/envDiff';
import { envPullCommand } from '../environments/cli/envPull';
import { envPushCommand, promoteCommand, renderCommand } from '../environments/cli/envCommands';
import { chooseMode, connectionForDeclared, findDeclared } from '../environments/cli/envConnection';
import { readEnvironmentsFile } from '../environments/environmentsFile';
import { parseSelectors } from '../environments/selection';

export const USAGE = `Usage: svc <command> [options]

Commands:
  svc pull (--all | FILE... | --key --api API) [--dir DIR] [--force] [--ours[=POINTER]] [--theirs[=POINTER]] [--format json|yaml]
      Pull every API, policy and key (--all), or pull pulled files again. Files go to DIR
      (default svc/) under the current directory, state to ./.svc/. A file with local changes
      is merged with the server's version; a conflict keeps the file as it is and exits 3
      unless --ours/--theirs resolve it. --force replaces local changes. --key pulls one key
      (a server that cannot list keys): its id from SVC_KEY_ID (a credential, never a flag),
      read through API (a name or an id). --format yaml writes new OAS and streams API files
      as YAML; a YAML file pulled again keeps its comments and style.
  svc diff [FILE...] [--format text|json]
      What changed in each pulled file, on the server, or both, per JSON path.
      Exit 0: no differences, 1: differences, 3: a conflict, 2: usage or connection error.
  svc push [FILE...] [--yes] [--force] [--ours[=POINTER]] [--theirs[=POINTER]] [--reload]
           [--new-version NAME --base-api ID [--base-version NAME] [--set-default]]
      Lint, show the plan, ask (or --yes), push. A resource changed on the server since the
      pull is merged with the file (the plan lists what came from the server); a conflict
      sends nothing and exits 3 listing the paths, unless --ours/--theirs resolve it (all, or
      per JSON pointer: --ours=/x-svc-api-gateway/upstream/url). --force overwrites the
      server's version. Without FILE: every pulled file changed locally.
  svc migrate (--dry-run | --stage | --promote | --direct) (--all | API_ID...) [--format text|json]
      Migrate classic APIs to OAS (endpoint 15) and print the report.
  svc explain key FILE --api NAME --method METHOD --path PATH [--version V] [--dir DIR] [--format text|json]
      Would the gateway let this key make this request, and why: the policies applied, the API,
      version and allowed_urls entry that decided, the rate and quota that apply. Offline: reads
      the policies and API definitions under DIR (default .). Exit 0: allowed, 1: denied, 2: usage.
  svc explain --expect FILE [--dir DIR] [--format text|json]
      Check a JSON list of { "key", "api", "method", "path", "allow" }. Exit 0: all hold, 1: some do not.

Environments (svc.environments.json at the root; docs/cli.md "Environments"):
  svc pull|diff|push --env NAME ...   the rendered definitions (P with environments/NAME/P applied),
      state shared in .svc-deploy/NAME/ (commit it). pull also takes --into base|overlay.
  svc render --env NAME [FILE...]     print what would be sent to NAME.
  svc promote --from A --to B [FILE...] [--yes] [--force]
      Push the definitions A has, rendered for B (B's overlay and ids); shows B's diff first.
  --select folder:PATH|tag:TAG|name:PATTERN (repeatable) on pull, diff, push, render and promote.
  Credentials of NAME: SVC_<NAME>_DASHBOARD_TOKEN, SVC_<NAME>_GATEWAY_SECRET, SVC_<NAME>_ADMIN_SECRET
  (<NAME> upper-cased, other characters than A-Z and 0-9 as _).

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

const SELECT = { select: { type: 'string', multiple: true } } as const;

const COMMAND_OPTIONS = {
  pull: {
    all: { type: 'boolean' },
    dir: { type: 'string' },
    force: { type: 'boolean' },
    into: { type: 'string' },
    format: { type: 'string' },
    key: { type: 'boolean' },
    api: { type: 'string' },
    ours: { type: 'string', multiple: true },
    theirs: { type: 'string', multiple: true },
    ...SELECT,
  },
  diff: { format: { type: 'string' }, ...SELECT },
  render: { ...SELECT },
  promote: {
    from: { type: 'string' },
    to: { type: 'string' },
    yes: { type: 'boolean', short: 'y' },
    force: { type: 'boolean' },
    reload: { type: 'boolean' },
    ...SELECT,
  },
  push: {
    ...SELECT,
    yes: { type: 'boolean', short: 'y' },
    force: { type: 'boolean' },
    ours: { type: 'string', multiple: true },
    theirs: { type: 'string', multiple: true },
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
  explain: {
    api: { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    version: { type: 'string' },
    dir: { type: 'string' },
    expect: { type: 'string' },
    format: { type: 'string' },
  },
} as const;

type Command = keyof typeof COMMAND_OPTIONS;
// Own keys only: `in` would take toString, constructor or __proto__ for commands (and run none of them, exit 0).
const isCommand = (value: string): value is Command => Object.hasOwn(COMMAND_OPTIONS, value);

/**
 * Flags people try for a credential, and the variable that carries it instead. A credential on
 * the command line ends up in shell history and process listings, so svc takes none there.
 */
const CREDENTIAL_FLAGS: Record<string, string> = {
  token: 'SVC_DASHBOARD_TOKEN',
  'dashboard-token': 'SVC_DASHBOARD_TOKEN',
  authorization: 'SVC_DASHBOARD_TOKEN',
  secret: 'SVC_GATEWAY_SECRET',
  'gateway-secret': 'SVC_GATEWAY_SECRET',
  'admin-secret': 'SVC_ADMIN_SECRET',
};

/** The plain sentence for a credential given as a flag (`--token x`, `--token=x`), else undefined. */
export function credentialFlagProblem(args: readonly string[]): string | undefined {
  for (const arg of args) {
    if (arg === '--') return undefined;
    const name = /^--([a-z-]+)(=|$)/i.exec(arg)?.[1].toLowerCase();
    const variable = name ? CREDENTIAL_FLAGS[name] : undefined;
    if (variable) {
      return (
        `credentials come only from environment variables, never from flags (a flag would stay in your shell history): ` +
        `instead of --${name}, set ${variable} (the others: SVC_DASHBOARD_TOKEN, SVC_GATEWAY_SECRET, SVC_ADMIN_SECRET).`
      );
    }
  }
  return undefined;
}

function formatOf(value: string | undefined): 'text' | 'json' {
  if (value === 'text' || value === 'json') return value;
  // Stryker disable next-line StringLiteral: the commands tell json from anything else, so the default's name is not seen
  if (value === undefined) return 'text';
  throw new CliError(`Unknown format '${value}': use text or json.`);
}

export async function runSvc(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(`${USAGE}\n`);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  // Stryker disable next-line BooleanLiteral: this reporter says only errors, which --quiet never hides
  const early = new Reporter(io, false);
  if (!isCommand(command)) {
    early.error(`unknown command '${command}'.`);
    io.stderr(`${USAGE}\n`);
    return EXIT.usage;
  }
  const credentialProblem = credentialFlagProblem(rest);
  if (credentialProblem) {
    early.error(credentialProblem);
    return EXIT.usage;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: bareResolutionFlags(rest),
      options: { ...CONNECTION_OPTIONS, ...COMMAND_OPTIONS[command] },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    early.error(err instanceof Error ? err.message : String(err));
    io.stderr(`${USAGE}\n`);
    return EXIT.usage;
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const str = (name: string) => values[name] as string | undefined;
  const flag = (name: string) => values[name] === true;
  if (flag('help')) {
    io.stdout(`${USAGE}\n`);
    return EXIT.ok;
  }
  const out = new Reporter(io, flag('quiet'));
  if (command === 'explain') {
    // Offline: no connection, no credentials.
    try {
      const options = { positionals: parsed.positionals, api: str('api'), method: str('method'), path: str('path'), version: str('version'), dir: str('dir') };
      return explainCommand(io.cwd, { ...options, expect: str('expect'), format: formatOf(str('format')) }, out, io.stdout);
    } catch (err) {
      out.error(err instanceof Error ? err.message : String(err));
      return err instanceof CliError ? err.exitCode : EXIT.usage;
    }
  }
  let connection: Connection | undefined;
  try {
    const flags = { dashboard: str('dashboard'), gateway: str('gateway'), caFile: str('ca-file'), insecure: flag('insecure'), environment: str('env') };
    // Every way of connecting says so when it accepts self-signed certificates (--insecure, SVC_INSECURE, tls in svc.environments.json).
    const connected = (c: Connection): Connection => {
      // Stryker disable next-line OptionalChaining: connectionFrom and connectionForDeclared always set tls
      if (c.config.tls?.allowSelfSigned) out.warn(INSECURE_WARNING);
      return c;
    };
    const files = parsed.positionals;
    const selectors = parseSelectors(values.select as string[] | undefined);
    const into = str('into');
    if (into !== undefined && into !== 'base' && into !== 'overlay') throw new CliError(`--into ${into}: write --into base or --into overlay.`);

    // Environments declared in svc.environments.json (docs/cli.md "Environments").
    const declared =
      command === 'migrate' || command === 'pull' || command === 'diff' || command === 'push' || command === 'promote'
        ? await readEnvironmentsFile(io.cwd)
        : undefined;
    if (command === 'render') {
      const name = str('env') ?? io.env.SVC_ENVIRONMENT;
      if (!name) throw new CliError('Which environment? svc render --env NAME [FILE...].');
      return await renderCommand(io.cwd, name, files, selectors, out);
    }
    if (command === 'promote') {
      const from = str('from');
      const to = str('to');
      if (!from || !to) throw new CliError('svc promote needs --from NAME and --to NAME.');
      findDeclared(declared, from, '--from');
      connection = connected(connectionForDeclared(io.cwd, findDeclared(declared, to, '--to'), flags, io.env));
      return await promoteCommand(io.cwd, from, connection, { files, yes: flag('yes'), force: flag('force'), reload: flag('reload'), selectors }, io, out);
    }
    const mode = chooseMode(declared, flags, io.env);
    if (mode.mode === 'environments') {
      connection = connected(connectionForDeclared(io.cwd, mode.environment, flags, io.env));
      switch (command) {
        case 'pull':
          return await envPullCommand(
            io.cwd,
            connection,
            mode.declared,
            { all: flag('all'), files, dir: str('dir'), force: flag('force'), into, selectors },
            out,
          );
        case 'diff':
          return await envDiffCommand(io.cwd, connection, { files, format: formatOf(str('format')), selectors }, out);
        case 'push': {
          if (str('new-version') || str('base-api'))
            throw new CliError('--new-version/--base-api are not available with environments yet: push the new version with --dashboard URL.');
          return await envPushCommand(io.cwd, connection, { files, yes: flag('yes'), force: flag('force'), reload: flag('reload'), selectors }, io, out);
        }
      }
    } else if (selectors.length || into) {
      throw new CliError('--select and --into work with the environments of svc.environments.json (svc ... --env NAME): see docs/cli.md "Environments".');
    }
    // migrate with a declared environment connects with its URL and SVC_<NAME>_… variables too.
    connection ??= connected(connectionFrom(flags, io.env));
    switch (command) {
      case 'pull':
        return await pullCommand(
          io.cwd,
          connection,
          {
            all: flag('all'),
            files,
            dir: str('dir'),
            force: flag('force'),
            key: flag('key') ? { id: io.env.SVC_KEY_ID, api: str('api') } : undefined,
            resolutions: resolutionsFrom(values.ours, values.theirs),
            format: str('format'),
          },
          out,
        );
      case 'diff':
        return await diffCommand(io.cwd, connection, { files, format: formatOf(str('format')) }, out);
      case 'push': {
        const newVersion = str('new-version');
        const baseApi = str('base-api');
        if (!!newVersion !== !!baseApi) throw new CliError('--new-version and --base-api go together (create an OAS document as a new version of an API).');
        const oasVersion =
          // Stryker disable next-line LogicalOperator: `||` is the same here, the line above refuses one without the other
          newVersion && baseApi
            ? { newVersionName: newVersion, baseApiId: baseApi, baseApiVersionName: str('base-version'), setDefault: flag('set-default') }
            : undefined;
        const resolutions = resolutionsFrom(values.ours, values.theirs);
        return await pushCommand(
          io.cwd,
          connection,
          { files, yes: flag('yes'), force: flag('force'), reload: flag('reload'), oasVersion, resolutions },
          io,
          out,
        );
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
      process.exitCode = reportInternalError(err, (text) => void process.stderr.write(text));
    },
  );
}

/** A failure `svc` did not expect (a bug): said on stderr escaped like every other line (its stack frames below it); exit 2. */
export function reportInternalError(err: unknown, stderr: (text: string) => void): ExitCode {
  stderr(`svc: internal error: ${escapeErrorForTerminal(err)}\n`);
  return EXIT.usage;
}

// Run as a script (`node dist/svc.js`, `tsx engine/src/cli/main.ts`); bin/svc.js calls main() itself.
// Stryker disable next-line ConditionalExpression: only a separate process started on this file can tell; the tests run svc in-process
if (require.main === module) main();
