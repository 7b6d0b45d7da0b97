import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../server/src/service/languageService';
import { navigationInputs } from './navigation';
const base = navigationInputs();
const files: Array<{uri: string; text: string}> = [];
for (let k = 0; k < 10; k++) for (const f of base) files.push({ uri: f.uri.replace('/bench/', `/bench${k}/`), text: k === 0 ? f.text : f.text.replace(/api-([0-9a-f]{6})/g, (m, h) => `api-${k}${h.slice(1)}`).replace(/policy-(\d+)/g, `policy-${k}x$1`).replace(/\/(classic|oas)-(\d+)\//g, `/$1-${k}x$2/`) });
const open = TextDocument.create('file:///bench-open/new.oas.json', 'json', 1, base[500].text.replace(/api-0/g, 'api-z').replace(/\/oas-/g, '/open-oas-'));
{
  const s = createLanguageService(); const t = performance.now(); const d = s.validate(open); console.log('empty ws first diagnostics', (performance.now() - t).toFixed(1), 'ms', d.length);
}
const gc = (globalThis as any).gc; gc?.();
const m0 = process.memoryUsage();
const s = createLanguageService();
let t = performance.now();
for (const f of files) s.workspace.updateText(f.uri, f.text);
const queued = performance.now() - t;
t = performance.now(); const n = s.workspace.all().length; const built = performance.now() - t;
gc?.(); const m1 = process.memoryUsage();
console.log('files', files.length, 'MB', (files.reduce((a, f) => a + f.text.length, 0) / 1e6).toFixed(1), 'queue', queued.toFixed(0), 'ms; parse+index', built.toFixed(0), 'ms; indexed', n, 'heap +', ((m1.heapUsed - m0.heapUsed) / 1e6).toFixed(0), 'MB rss', (m1.rss / 1e6).toFixed(0));
t = performance.now(); const d = s.validate(open); console.log('full ws first diagnostics', (performance.now() - t).toFixed(1), 'ms', d.length);
const times: number[] = []; let results = 0;
for (let k = 0; k < 200; k++) { const f = files[Math.floor(k * files.length / 200)]; const doc = TextDocument.create(f.uri, 'json', 1, f.text); const pos = doc.positionAt(f.text.indexOf('"api-') + 2); const t0 = performance.now(); results += s.references(doc, pos, true).length; times.push(performance.now() - t0); }
times.sort((a, b) => a - b); console.log('refs p50', times[100].toFixed(2), 'p95', times[190].toFixed(2), 'results', results);
