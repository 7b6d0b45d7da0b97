// svc-lint: the language service's validation on the command line, for CI pipelines.
//   svc-lint [--format text|json|sarif] <files, folders or globs>
// Exit codes: 1 when any error is found, 0 otherwise, 2 on usage errors.
// Files that are not Svc documents (no detected kind) are skipped silently, as in the editor.
// The workspace-wide rule (same listen path twice) runs across the files of one invocation.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { detectKind } from '../../../common/src/detection';
import { SvcDocument } from '../service/parser/document';
import { validateAs } from '../service/validation/validate';
import { DEFAULT_VALIDATION_SETTINGS } from '../service/validation/types';
import { WorkspaceIndex } from '../service/validation/workspaceIndex';
import { displayPath, expandArguments } from './files';
import { jsonReport, textReport, type FileResult } from './report';
import { sarifReport, toolVersion } from './sarif';

const USAGE = `Usage: svc-lint [--format text|json|sarif] <files, folders or globs>...
Checks Svc gateway documents (classic and OAS API definitions, streams, policies, keys,
webhooks, users, OAuth clients) like the editor does.
Exit code: 1 if any error was found, 0 otherwise, 2 on usage errors.`;

export interface LintRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** The whole command as a function (tests call it directly; the bundle's main calls it). */
export function runLint(argv: readonly string[], cwd = process.cwd()): LintRun {
  let format = 'text';
  const patterns: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { exitCode: 0, stdout: USAGE, stderr: '' };
    if (arg === '--format' || arg.startsWith('--format=')) {
      format = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[++i] ?? '');
      if (!['text', 'json', 'sarif'].includes(format)) return usage(`unknown format "${format}" (use text, json or sarif)`);
    } else if (arg === '--') patterns.push(...argv.slice(i + 1)), (i = argv.length);
    else if (arg.startsWith('-')) return usage(`unknown option ${arg}`);
    else patterns.push(arg);
  }
  if (patterns.length === 0) return usage('no files given');
  const { files, unmatched } = expandArguments(patterns, cwd);
  if (unmatched.length) return usage(`no such file or no match: ${unmatched.join(', ')}`);

  const workspace = new WorkspaceIndex();
  const documents: Array<{ file: string; doc: SvcDocument; kind: ReturnType<typeof detectKind> }> = [];
  const stderr: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file.startsWith('/') ? file : join(cwd, file), 'utf8');
    } catch (e) {
      stderr.push(`svc-lint: cannot read ${file}: ${(e as Error).message}`);
      continue;
    }
    const uri = 'file://' + encodeURI((file.startsWith('/') ? file : join(cwd, file)).replace(/\\/g, '/'));
    const doc = new SvcDocument(TextDocument.create(uri, /\.jsonc$/i.test(file) ? 'jsonc' : 'json', 1, text));
    const kind = detectKind(uri, doc.value, undefined);
    if (!kind) continue;
    workspace.update(doc, kind.kind);
    documents.push({ file: displayPath(file, cwd), doc, kind });
  }
  const results: FileResult[] = documents.map(({ file, doc, kind }) => ({
    file,
    kind: kind?.kind,
    diagnostics: validateAs(doc, kind!, DEFAULT_VALIDATION_SETTINGS, { workspace }),
  }));
  const hasError = results.some((r) => r.diagnostics.some((d) => d.severity === DiagnosticSeverity.Error)) || stderr.length > 0;
  const out = format === 'json' ? jsonReport(results) : format === 'sarif' ? sarifReport(results, toolVersion()) : textReport(results);
  return { exitCode: hasError ? 1 : 0, stdout: out, stderr: stderr.join('\n') };
}

function usage(problem: string): LintRun {
  return { exitCode: 2, stdout: '', stderr: `svc-lint: ${problem}\n${USAGE}` };
}

/** Runs with the process's arguments and sets its exit code (bin/svc-lint.js calls this). */
export function main(): void {
  let run: LintRun;
  try {
    run = runLint(process.argv.slice(2));
  } catch (e) {
    run = { exitCode: 2, stdout: '', stderr: `svc-lint: internal error: ${(e as Error).stack ?? e}` };
  }
  if (run.stdout) process.stdout.write(run.stdout + '\n');
  if (run.stderr) process.stderr.write(run.stderr + '\n');
  process.exitCode = run.exitCode;
}

if (require.main === module) main();
