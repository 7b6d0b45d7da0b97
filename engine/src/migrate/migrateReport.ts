// Turns a migrate response (spec endpoint 15, migration-mapping.md §8.2) into report rows,
// a summary and Markdown. Pure and free of `vscode`: the webview, the log and the unit tests
// all read the same rows, so what the user sees and what is logged cannot disagree.
import type { JsonMap, MigrateMode, MigrateResponse } from '../../../api/src/types';

export type RowOutcome = 'success' | 'failure' | 'skipped' | 'not-reported';

/** One generated OAS document of a successful API: the base, or one child version. */
export interface GeneratedDocument {
  /** `base` or the version's name (from the child's versioning info, else its position). */
  label: string;
  document: JsonMap;
}

export interface ReportRow {
  apiID: string;
  /** Display name when the caller knows it (tree label, listing); else the id. */
  name: string;
  outcome: RowOutcome;
  /** Failure messages (one per problem), or the skip message. */
  messages: string[];
  /** Skip key (`already_migrated`, `not_staged`, ...) when skipped. */
  skipKey?: string;
  /** In stage mode: the id of the staged OAS copy. */
  stagedId?: string;
  /** The generated OAS documents (base first), for the diff buttons. */
  documents: GeneratedDocument[];
  /** What changed shape on the way to OAS (the converter's `changes`), one sentence each. */
  changes: string[];
  /** What the conversion dropped or could not carry over (the converter's `warnings`). */
  dropped: string[];
}

export interface MigrationReport {
  mode: MigrateMode;
  rows: ReportRow[];
  counts: { success: number; failure: number; skipped: number; notReported: number };
  abortedOnFailure: boolean;
  /** One sentence for notifications and the log. */
  summary: string;
}

/** The response as servers send it: `skipped.apis[].key` may be null (migration-mapping.md §8.3). */
export type MigrateResponseLike = Omit<MigrateResponse, 'skipped'> & {
  skipped?: { count?: number; apis?: Array<{ apiID?: string; message?: string; key?: string | null }> };
};

export const MODE_WORDS: Readonly<Record<MigrateMode, { title: string; done: string }>> = {
  dryRun: { title: 'Dry run', done: 'would migrate' },
  stage: { title: 'Stage', done: 'staged' },
  promote: { title: 'Promote', done: 'promoted' },
  direct: { title: 'Direct migration', done: 'migrated' },
};

export const SKIP_KEY_WORDS: Readonly<Record<string, string>> = {
  already_migrated: 'already migrated',
  already_staged: 'already staged (turn on "override staged" to replace the copy)',
  not_staged: 'not staged yet (stage it first)',
  is_tcp: 'TCP/TLS API',
  is_streams: 'streams API',
  is_graphql: 'GraphQL API',
  is_websocket: 'WebSocket API',
};

/**
 * Builds the report. `requested` lists the ids the user asked for (empty for `all`), so APIs
 * the server did not mention (after `abortOnFailure` stopped the run) still get a row.
 * `names` maps ids to display names.
 */
export function buildReport(
  mode: MigrateMode,
  response: MigrateResponseLike,
  requested: readonly string[] = [],
  names: ReadonlyMap<string, string> = new Map(),
): MigrationReport {
  const rows = new Map<string, ReportRow>();
  const row = (apiID: string, outcome: RowOutcome): ReportRow => {
    const existing = rows.get(apiID);
    if (existing) {
      existing.outcome = outcome;
      return existing;
    }
    const created: ReportRow = { apiID, name: names.get(apiID) ?? apiID, outcome, messages: [], documents: [], changes: [], dropped: [] };
    rows.set(apiID, created);
    return created;
  };

  const success = response.success ?? {};
  for (const id of success.apiIDs ?? []) row(String(id), 'success');
  for (const def of success.definitions ?? []) {
    if (!def.apiID) continue;
    const r = row(String(def.apiID), 'success');
    if (def.baseAPI) r.documents.push({ label: 'base', document: def.baseAPI });
    (def.versions ?? []).forEach((doc, i) => r.documents.push({ label: versionLabel(doc, i), document: doc }));
  }
  for (const pair of success.stagedAPIs ?? []) {
    if (pair.classicAPIID) row(String(pair.classicAPIID), 'success').stagedId = pair.oasAPIID;
  }
  for (const error of response.failure?.errors ?? []) {
    const r = row(String(error.apiID ?? '(unknown)'), 'failure');
    r.messages.push(...(error.message ?? []).map(String));
    if (r.messages.length === 0) r.messages.push('The server reported a failure without a message.');
  }
  for (const skipped of response.skipped?.apis ?? []) {
    const r = row(String(skipped.apiID ?? '(unknown)'), 'skipped');
    r.skipKey = skipped.key ?? undefined;
    r.messages.push(skipped.message || (skipped.key ? (SKIP_KEY_WORDS[skipped.key] ?? skipped.key) : 'skipped'));
  }
  for (const id of requested) if (!rows.has(id)) row(id, 'not-reported');

  const list = [...rows.values()];
  const count = (o: RowOutcome) => list.filter((r) => r.outcome === o).length;
  const counts = { success: count('success'), failure: count('failure'), skipped: count('skipped'), notReported: count('not-reported') };
  const abortedOnFailure = response.abortedOnFailure === true;
  return { mode, rows: list, counts, abortedOnFailure, summary: summaryOf(mode, counts, abortedOnFailure) };
}

function summaryOf(mode: MigrateMode, counts: MigrationReport['counts'], aborted: boolean): string {
  const parts = [`${MODE_WORDS[mode].title}: ${counts.success} ${MODE_WORDS[mode].done}`, `${counts.failure} failed`, `${counts.skipped} skipped`];
  if (counts.notReported) parts.push(`${counts.notReported} not processed`);
  return `${parts.join(', ')}${aborted ? ' (stopped at the first failure)' : ''}.`;
}

/** A child version's name as the converter writes it (`x-svc-api-gateway.info.versionName`-like), else `version N`. */
function versionLabel(doc: JsonMap, index: number): string {
  const ext = doc['x-svc-api-gateway'] as { info?: { name?: string } } | undefined;
  const title = (doc.info as { title?: string } | undefined)?.title;
  return ext?.info?.name || title || `version ${index + 1}`;
}

/**
 * Adds what the conversion of one API reshaped and dropped to its row (a local preview, or the converter's
 * `shapeChanges` on the documents a server migrated). Unknown ids are ignored.
 */
export function addConversionNotes(report: MigrationReport, apiID: string, notes: { changes?: string[]; warnings?: string[] }): void {
  const row = report.rows.find((r) => r.apiID === apiID);
  if (!row) return;
  row.changes = [...(notes.changes ?? [])];
  row.dropped = [...(notes.warnings ?? [])];
}

/** The ids a follow-up run can act on: those that succeeded in this report. */
export function migratableIds(report: MigrationReport): string[] {
  return report.rows.filter((r) => r.outcome === 'success').map((r) => r.apiID);
}

/** The report as Markdown (log channel, copy to clipboard). */
export function reportMarkdown(report: MigrationReport): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const lines = [`## Migration — ${MODE_WORDS[report.mode].title}`, '', report.summary, '', '| API | id | result | details |', '|---|---|---|---|'];
  for (const r of report.rows) lines.push(`| ${cell(r.name)} | ${cell(r.apiID)} | ${outcomeWord(r)} | ${cell(detailsOf(r))} |`);
  for (const r of report.rows) {
    if (r.changes.length) lines.push('', `### ${r.name}: changed shape`, '', ...r.changes.map((c) => `- ${c}`));
    if (r.dropped.length) lines.push('', `### ${r.name}: dropped`, '', ...r.dropped.map((c) => `- ${c}`));
  }
  return `${lines.join('\n')}\n`;
}

/** One log line per API, then one indented line per shape change and per dropped item. */
export function reportLogLines(report: MigrationReport): string[] {
  return [
    report.summary,
    ...report.rows.flatMap((r) => [
      `${r.apiID} (${r.name}): ${outcomeWord(r)}${detailsOf(r) ? ` — ${detailsOf(r)}` : ''}`,
      ...r.changes.map((c) => `  changed shape: ${c}`),
      ...r.dropped.map((d) => `  dropped: ${d}`),
    ]),
  ];
}

export function outcomeWord(r: ReportRow): string {
  switch (r.outcome) {
    case 'success':
      return 'success';
    case 'failure':
      return 'failed';
    case 'skipped':
      return r.skipKey ? `skipped (${r.skipKey})` : 'skipped';
    case 'not-reported':
      return 'not processed';
  }
}

export function detailsOf(r: ReportRow): string {
  if (r.outcome === 'success') {
    const versions = r.documents.length - 1;
    const parts = [];
    if (r.stagedId) parts.push(`staged as ${r.stagedId}`);
    if (versions > 0) parts.push(`${versions} child version${versions === 1 ? '' : 's'}`);
    if (r.changes.length) parts.push(`${r.changes.length} shape change${r.changes.length === 1 ? '' : 's'}`);
    if (r.dropped.length) parts.push(`${r.dropped.length} item${r.dropped.length === 1 ? '' : 's'} dropped`);
    return parts.join('; ');
  }
  if (r.outcome === 'not-reported') return 'the run stopped before this API';
  return r.messages.join('; ');
}
