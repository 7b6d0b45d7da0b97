// svc-lint: the language service's validation on the command line, for CI pipelines.
//   svc-lint [--format text|json|sarif] <files, folders or globs>
// Exit codes: 1 when any error is found, 0 otherwise, 2 on usage errors.
// Well-formed JSON that is no Svc document (no detected kind) is not checked, as in the editor (a
// pre-commit hook passes every staged .json), but it is never silent: every format lists it with
// `kind: null` and the reason (text: a "not checked" line; JSON: `notChecked`; SARIF: a
// notification), and when no file given is one, stderr says so too, so an empty report is not read
// as a pass. A file that is not valid JSON (empty, truncated, nested
// too deeply) is an error whatever it was meant to be, since no kind can be told from it. A
// UTF-8 BOM is accepted.
// The workspace-wide rules (same listen path twice, grants of unknown APIs, missing policies)
// run against every definition under the git root (or the current directory), reported only
// for the files given; listen paths are compared among the files given.

import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentKind } from '../../../common/src/kinds';
import { languageIdOfFileName } from '../../../common/src/detection';
import { createLanguageService } from '../service/languageService';
import { isRefusal } from '../../../validation/src/severity';
import { unreadableJsonDiagnostics } from '../service/validation/syntax';
import { DEFAULT_VALIDATION_SETTINGS } from '../service/validation/types';
import { WorkspaceModel } from '../service/index/workspaceModel';
import { displayPath, expandArguments, fileUriOf } from './files';
import { readText, reuseBuffer } from './readText';
import { indexProject, projectRoot } from './workspaceRoot';
import { jsonReport, textReport, type FileResult } from './report';
import { sarifReport, toolVersion } from './sarif';
import { OptimizerBudget } from './optimizer';
import { listenToTextScans } from '../service/parser/textScans';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { escapeErrorForTerminal, escapeTerminal, escapeTerminalKeepingNewlines } from '../../../common/src/terminalText';
import { capFindings } from '../service/validation/findingsCap';
import { Codes } from '../../../validation/src/codes';

const USAGE = `Usage: svc-lint [--format text|json|sarif] <files, folders or globs>... [-- <literal paths>...]
Checks Svc gateway documents (classic and OAS API definitions, streams, policies, keys,
webhooks, users, OAuth clients) like the editor does.
Exit code: 1 if any error was found, 0 otherwise, 2 on usage errors.`;

/**
 * The editor's settings but no size limit: `svc.validation.maxFileSize` keeps typing responsive in
 * the editor; in CI a large definition is checked in full, never waved through on its syntax.
 */
const LINT_SETTINGS = { ...DEFAULT_VALIDATION_SETTINGS, maxValidatedSize: Number.POSITIVE_INFINITY };

export interface LintRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface LintHooks {
  /** Each document given, as it is read (its length in characters). */
  documentRead?: (characters: number) => void;
}

/** The whole command as a function (tests call it directly; the bundle's main calls it). */
export function runLint(argv: readonly string[], cwd = process.cwd(), hooks: LintHooks = {}): LintRun {
  let format = 'text';
  const patterns: string[] = [];
  /** Patterns from this index on came after `--`: literal paths (the pre-commit hook's staged names). */
  let literalFrom = Number.POSITIVE_INFINITY;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { exitCode: 0, stdout: USAGE, stderr: '' };
    if (arg === '--format' || arg.startsWith('--format=')) {
      format = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[++i] ?? '');
      if (!['text', 'json', 'sarif'].includes(format)) return usage(`unknown format "${format}" (use text, json or sarif)`);
    } else if (arg === '--') {
      literalFrom = patterns.length;
      for (const rest of argv.slice(i + 1)) patterns.push(rest);
      break;
    } else if (arg.startsWith('-')) return usage(`unknown option ${arg}`);
    else patterns.push(arg);
  }
  if (patterns.length === 0) return usage('no files given');
  const { files, reasons } = expandArguments(patterns, cwd, literalFrom);
  if (reasons.length) return usage(reasons.join('; '));

  // The same language service the server builds: one parse and one detection per file. Links
  // are checked against every definition of the project, listen paths among the files given;
  // findings are reported for the files given only.
  const linted = new Set<string>();
  const service = createLanguageService({ workspace: new WorkspaceModel({ comparesListenPaths: (uri) => linted.has(uri), localNames: false }) });
  const absolute = (file: string) => (file.startsWith('/') ? file : join(cwd, file));
  indexProject(service.workspace, projectRoot(cwd), new Set(files.map(absolute)));
  const documents: Array<{ file: string; textDocument: TextDocument; kind: DocumentKind }> = [];
  const stderr: string[] = [];
  const unreadable: FileResult[] = [];
  /** One file that cannot be checked (the checker itself failed on it) is reported; the others still are. */
  const failed = (file: string, e: unknown): FileResult => ({
    file: displayPath(file, cwd),
    kind: undefined,
    diagnostics: [
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        severity: DiagnosticSeverity.Error,
        code: Codes.lintFailed,
        source: 'svc',
        message: `svc-lint could not check this file: ${e instanceof Error ? e.message : String(e)}. The other files were checked.`,
      },
    ],
  });
  for (const file of files) {
    let text: string;
    try {
      text = readText(absolute(file));
    } catch (e) {
      stderr.push(`svc-lint: cannot read ${file}: ${(e as Error).message}`);
      continue;
    }
    try {
      hooks.documentRead?.(text.length);
      text = text.replace(/^\uFEFF/, ''); // the editor drops a byte-order mark too
      const uri = fileUriOf(absolute(file));
      const textDocument = TextDocument.create(uri, languageIdOfFileName(file), 1, text);
      const kind = service.detectKind(textDocument)?.kind;
      if (!kind) {
        const parsed = service.parse(textDocument);
        const diagnostics = unreadableJsonDiagnostics(parsed);
        // Every file given is in the report: unreadable (an error), or not ours with the reason.
        unreadable.push({
          file: displayPath(file, cwd),
          kind: undefined,
          diagnostics,
          notChecked: diagnostics.length > 0 ? undefined : whyNotOurs(parsed.value),
        });
        continue;
      }
      // Every file joins the workspace index before any is validated (the duplicate listen path rule).
      service.workspace.update(service.parse(textDocument), kind);
      linted.add(uri);
      documents.push({ file: displayPath(file, cwd), textDocument, kind });
    } catch (e) {
      unreadable.push(failed(file, e));
    }
  }
  // Information, not a failure: the exit code stays 0.
  const notes =
    documents.length === 0 && unreadable.every((u) => u.notChecked) && stderr.length === 0
      ? [`svc-lint: ${noDocumentNote(files.map((f) => displayPath(f, cwd)))}`]
      : [];
  const results: FileResult[] = documents.map(({ file, textDocument, kind }) => {
    try {
      return { file, kind, diagnostics: service.validate(textDocument, LINT_SETTINGS) };
    } catch (e) {
      return { ...failed(file, e), file, kind };
    }
  });
  for (const r of unreadable) results.push({ ...r, diagnostics: capFindings(r.diagnostics) });
  results.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  // The one severity rule (validation/src/severity.ts): only refusals fail the run.
  const hasError = results.some((r) => r.diagnostics.some(isRefusal)) || stderr.length > 0;
  const out = format === 'json' ? jsonReport(results) : format === 'sarif' ? sarifReport(results, toolVersion()) : textReport(results);
  // File names and messages (which quote the document) reach a terminal escaped (common/src/terminalText.ts):
  // the text report escapes each field; JSON and SARIF keep their newlines, and their strings stay valid JSON.
  const safeOut = escapeTerminalKeepingNewlines(out);
  return { exitCode: hasError ? 1 : 0, stdout: safeOut, stderr: [...stderr, ...notes].map(escapeTerminal).join('\n') };
}

/** Why a well-formed file is no Svc document: what was looked for and how to say what it is. */
export function whyNotOurs(value: unknown): string {
  const o = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const hint = 'a `$schema` member naming one of our schemas, or `svc.files.associations`, says what a file is';
  if (!o)
    return `the file holds ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}, not a Svc document (an object); ${hint}.`;
  if (typeof o.$schema === 'string' && o.$schema.trim() !== '') return `its \`$schema\` names a schema that is not ours (\`${o.$schema}\`).`;
  if ('openapi' in o || 'swagger' in o) return `an OpenAPI document without \`x-svc-api-gateway\` (plain OpenAPI is not a gateway document); ${hint}.`;
  return `no API definition, streams document, policy, key, webhook, user or OAuth client was recognised in its members; ${hint}.`;
}

/** Why the report is empty: none of the files is a Svc document (its kind could not be told). */
function noDocumentNote(files: string[]): string {
  const named = files.length === 1 ? `${files[0]} is no Svc document` : `the ${files.length} files are no Svc documents`;
  return (
    `checked nothing: ${named} ` +
    '(no API definition, streams document, policy or key was recognised; a `$schema` member naming one of our schemas says what a file is).'
  );
}

function usage(problem: string): LintRun {
  return { exitCode: 2, stdout: '', stderr: `svc-lint: ${escapeTerminal(problem)}\n${USAGE}` };
}

export interface MainOptions {
  /** The buffer bin/svc-lint.js read the bundle into: documents are read into the same pages. */
  scratch?: Buffer;
  /**
   * Turns V8's optimizing compiler on (bin/svc-lint.js starts without it); called at most once,
   * when the run has enough work for it to pay (optimizer.ts).
   */
  enableOptimizer?: () => void;
}

/** `runLint` with the process-level settings (main's work, without the process's streams). */
export function runLintAsProcess(argv: readonly string[], cwd: string, options: MainOptions = {}): LintRun {
  if (options.scratch) reuseBuffer(options.scratch);
  const budget = options.enableOptimizer ? new OptimizerBudget(options.enableOptimizer) : undefined;
  const previous = listenToTextScans(budget && ((characters) => budget.textScan(characters)));
  try {
    return runLint(argv, cwd, { documentRead: budget && ((characters) => budget.documentRead(characters)) });
  } catch (e) {
    return { exitCode: 2, stdout: '', stderr: `svc-lint: internal error: ${escapeErrorForTerminal(e)}` };
  } finally {
    listenToTextScans(previous);
  }
}

/** Runs with the process's arguments and sets its exit code (bin/svc-lint.js calls this). */
export function main(options: MainOptions = {}): void {
  const run = runLintAsProcess(process.argv.slice(2), process.cwd(), options);
  if (run.stdout) process.stdout.write(run.stdout + '\n');
  if (run.stderr) process.stderr.write(run.stderr + '\n');
  process.exitCode = run.exitCode;
}

if (require.main === module) main();
