// svc-lint's SARIF 2.1.0 output, so that code hosts (GitHub code scanning, Azure DevOps, GitLab)
// annotate pull requests: one run, the rules that fired (with their help text), one result per
// diagnostic with its exact region. Regions are 1-based; columns count UTF-16 code units, as
// LSP positions do (SARIF's default `columnKind`).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { FileResult } from './report';
import { ruleHelpFor } from './ruleHelp';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const DOCS = 'https://github.com/svc-gateway-tools/svc-gateway-tools/blob/main/docs/svc-lint.md#diagnostic-codes';

const LEVEL: Record<number, 'error' | 'warning' | 'note'> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'note',
  [DiagnosticSeverity.Hint]: 'note',
};

const codeOf = (d: Diagnostic) => (d.code === undefined || d.code === null ? 'svc.unknown' : String(d.code));

/** A relative, forward-slash path as a URI reference (spaces and the like percent-encoded). */
function artifactUri(file: string): string {
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}

export function sarifReport(results: readonly FileResult[], toolVersion: string): string {
  const ruleIds = [...new Set(results.flatMap((r) => r.diagnostics.map(codeOf)))].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => {
    const { summary, help } = ruleHelpFor(id);
    return {
      id,
      name: id
        .replace(/^svc\./, '')
        .replace(/[.-](\w)/g, (_, c: string) => c.toUpperCase())
        .replace(/^\w/, (c) => c.toUpperCase()),
      shortDescription: { text: summary },
      fullDescription: { text: `${summary} ${help}` },
      help: { text: help, markdown: `**${summary}** ${help}` },
      helpUri: DOCS,
    };
  });
  const sarifResults = results.flatMap((r) =>
    r.diagnostics.map((d) => ({
      ruleId: codeOf(d),
      ruleIndex: ruleIndex.get(codeOf(d))!,
      level: LEVEL[d.severity ?? DiagnosticSeverity.Error] ?? 'error',
      message: { text: d.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: artifactUri(r.file), uriBaseId: '%SRCROOT%' },
            region: {
              startLine: d.range.start.line + 1,
              startColumn: d.range.start.character + 1,
              endLine: d.range.end.line + 1,
              endColumn: d.range.end.character + 1,
            },
          },
        },
      ],
    })),
  );
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'svc-lint', semanticVersion: toolVersion, informationUri: DOCS.replace(/#.*$/, ''), rules } },
        columnKind: 'utf16CodeUnits',
        // A file given but not checked is a notification, so no file vanishes from the report.
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: results
              .filter((r) => r.notChecked)
              .map((r) => ({
                level: 'note',
                message: { text: `${r.file} was not checked: ${r.notChecked}` },
                locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(r.file), uriBaseId: '%SRCROOT%' } } }],
              })),
          },
        ],
        results: sarifResults,
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}

/** The package's version: the nearest package.json above this module (dist/ in the bundle, the sources in tests). */
export function toolVersion(): string {
  for (let dir = __dirname, i = 0; i < 5; dir = dirname(dir), i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'svc-gateway-tools' && pkg.version) return pkg.version;
    } catch {
      // not here: one folder up
    }
  }
  return '0.0.0';
}
