// The migration report as webview HTML: a summary, one table row per API with a diff button
// per generated document, and (after a dry run or stage) the form that runs the next mode.
// Pure string building, free of `vscode`, so it is unit-tested; the panel supplies the CSP
// source and a fresh nonce. Every server-supplied text goes through `escapeHtml`.
import { detailsOf, MODE_WORDS, outcomeWord, type MigrationReport } from './migrateReport';
import { RUN_MODES } from './migrateRequest';

export interface ReportPageOptions {
  nonce: string;
  /** `webview.cspSource`. */
  cspSource: string;
  /** Environment name for the title. */
  environment: string;
  /** Show the stage/promote/direct form (not for a local preview or while a run is going). */
  offerRun: boolean;
  /** Mode preselected in the form. */
  suggestedMode?: 'stage' | 'promote' | 'direct';
  /** Notes shown under the table (local preview: what the converter dropped). */
  notes?: string[];
  /** A run in progress: the form is disabled. */
  busy?: boolean;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const SAVE_YAML_TITLE = 'Save this OAS document as a YAML file of the workspace';

export function reportHtml(report: MigrationReport, options: ReportPageOptions): string {
  const e = escapeHtml;
  const rows = report.rows
    .map((r, i) => {
      const diffs = r.documents
        .map(
          (d, j) =>
            `<button class="diff" data-row="${i}" data-doc="${j}" title="${DIFF_TITLE}">Diff ${e(d.label)}</button>` +
            ` <button class="save-yaml" data-row="${i}" data-doc="${j}" title="${SAVE_YAML_TITLE}">Save ${e(d.label)} as YAML…</button>`,
        )
        .join(' ');
      const details = r.outcome === 'failure' && r.messages.length > 1 ? `<ul>${r.messages.map((m) => `<li>${e(m)}</li>`).join('')}</ul>` : e(detailsOf(r));
      const list = (cls: string, title: string, items: string[]) =>
        items.length ? `<div class="${cls}"><b>${title}</b><ul>${items.map((c) => `<li>${e(c)}</li>`).join('')}</ul></div>` : '';
      const conversion = list('changes', 'Changed shape', r.changes) + list('dropped', 'Dropped', r.dropped);
      const name = `<td>${e(r.name)}<div class="id">${e(r.apiID)}</div></td>`;
      const badge = `<td><span class="badge ${r.outcome}">${e(outcomeWord(r))}</span></td>`;
      return `<tr class="${r.outcome}">${name}${badge}<td>${details}${conversion}</td><td>${diffs}</td></tr>`;
    })
    .join('\n');
  const notes = options.notes?.length ? `<h2>Notes</h2><ul class="notes">${options.notes.map((n) => `<li>${e(n)}</li>`).join('')}</ul>` : '';
  const disabled = options.busy ? ' disabled' : '';
  const form = options.offerRun
    ? `<form id="run"><h2>Next step</h2>
${RUN_MODES.map((m) => modeChoice(m, m.mode === (options.suggestedMode ?? 'stage'), disabled)).join('\n')}
<label><input type="checkbox" name="abortOnFailure"${disabled}> Stop at the first failure (abortOnFailure)</label>
<label><input type="checkbox" name="overrideStaged"${disabled}> Replace an existing staged copy (overrideStaged; Stage only)</label>
<button type="submit" id="go"${disabled}>Run on the ${report.counts.success} API${report.counts.success === 1 ? '' : 's'} that succeeded</button>
</form>`
    : '';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src ${options.cspSource} 'nonce-${options.nonce}';
  script-src 'nonce-${options.nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Migration report</title>
<style nonce="${options.nonce}">
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 1em 2em; }
table { border-collapse: collapse; width: 100%; margin: 1em 0; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--vscode-panel-border); }
th { color: var(--vscode-descriptionForeground); font-weight: normal; }
.id { color: var(--vscode-descriptionForeground); font-size: 90%; }
.badge { padding: 1px 6px; border-radius: 8px; white-space: nowrap; }
.badge.success { background: var(--vscode-testing-iconPassed, green); color: var(--vscode-editor-background); }
.badge.failure { background: var(--vscode-errorForeground); color: var(--vscode-editor-background); }
.badge.skipped, .badge.not-reported { background: var(--vscode-badge-background); color: var(--vscode-badge-foreground); }
td ul { margin: 0; padding-left: 1.2em; }
.changes, .dropped { margin-top: .4em; }
button { background: var(--vscode-button-secondaryBackground); color: var(--vscode-button-secondaryForeground);
  border: none; padding: 3px 8px; margin: 1px; cursor: pointer; white-space: nowrap; }
button:hover { background: var(--vscode-button-secondaryHoverBackground); }
#go { background: var(--vscode-button-background); color: var(--vscode-button-foreground); padding: 5px 12px; margin-top: .8em; }
#go:disabled { opacity: .5; cursor: default; }
form label { display: block; margin: .3em 0; }
.summary { font-size: 110%; }
.aborted { color: var(--vscode-errorForeground); }
</style></head>
<body>
<h1>Migration — ${e(MODE_WORDS[report.mode].title)} <span class="id">(${e(options.environment)})</span></h1>
<p class="summary" id="summary">${e(report.summary)}</p>
${report.abortedOnFailure ? '<p class="aborted">The run stopped at the first failure (abortOnFailure): later APIs were not processed.</p>' : ''}
<table id="report"><thead><tr><th>API</th><th>Result</th><th>Details</th><th>Generated OAS</th></tr></thead>
<tbody>
${rows}
</tbody></table>
${notes}
${report.counts.success > 0 ? form : ''}
<script nonce="${options.nonce}">
const vscode = acquireVsCodeApi();
for (const b of document.querySelectorAll('button.diff')) {
  b.addEventListener('click', () => vscode.postMessage({ type: 'diff', row: Number(b.dataset.row), doc: Number(b.dataset.doc) }));
}
for (const b of document.querySelectorAll('button.save-yaml')) {
  b.addEventListener('click', () => vscode.postMessage({ type: 'saveYaml', row: Number(b.dataset.row), doc: Number(b.dataset.doc) }));
}
const form = document.getElementById('run');
if (form) form.addEventListener('submit', (ev) => {
  ev.preventDefault();
  const data = new FormData(form);
  vscode.postMessage({
    type: 'run', mode: data.get('mode'),
    abortOnFailure: data.get('abortOnFailure') === 'on', overrideStaged: data.get('overrideStaged') === 'on',
  });
});
</script>
</body></html>`;
}

const DIFF_TITLE = 'Diff the classic definition against this generated OAS document';

/** One radio choice of the run form. */
function modeChoice(m: (typeof RUN_MODES)[number], checked: boolean, disabled: string): string {
  const e = escapeHtml;
  const input = `<input type="radio" name="mode" value="${m.mode}"${checked ? ' checked' : ''}${disabled}>`;
  return `<label class="mode">${input} <b>${e(m.label)}</b> — ${e(m.detail)}</label>`;
}
