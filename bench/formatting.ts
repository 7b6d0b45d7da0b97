// Formatting scales with the document (issue 34, item 6): minified documents of 0.5, 2 and 4 MB
// formatted by the language service, fastest of 5 interleaved rounds. Linear is a constant time
// per megabyte; the quadratic formatter this replaced took 1.2 s at 0.9 MB and 99 s at 5.5 MB.
// A benchmark, not a test: the unit test (test/unit/service/format.test.ts) pins what does not
// depend on the clock (one edit, in proportion to the text).
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { createLanguageService as CreateLanguageService } from '../server/src/service/languageService';
import { minified } from '../test/unit/service/format.helpers';

const SIZES = [500_000, 2_000_000, 4_000_000];
const ROUNDS = 5;

export function reportFormatting(createLanguageService: typeof CreateLanguageService): void {
  const ls = createLanguageService();
  const options = { tabSize: 2, insertSpaces: true };
  const documents = SIZES.map((size, i) => TextDocument.create(`file:///bench/format-${i}.json`, 'json', 1, minified(size)));
  // No size limit here: the point is how the work grows, not where the setting stops it.
  const formatOnce = (d: TextDocument) => {
    const started = performance.now();
    ls.format(d, options, undefined, Number.MAX_SAFE_INTEGER);
    return performance.now() - started;
  };
  formatOnce(documents[0]);
  const best = documents.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) documents.forEach((d, i) => (best[i] = Math.min(best[i], formatOnce(d))));
  const perMb = best.map((t, i) => t / (documents[i].getText().length / 1e6));
  console.log(`\nFormatting a minified document (fastest of ${ROUNDS} interleaved rounds)`);
  documents.forEach((d, i) => {
    const growth = perMb[i] / perMb[0];
    const verdict = i === 0 ? '' : `   time per MB ${growth.toFixed(2)}× the smallest's   target ≤ 2×  ${growth <= 2 ? 'ok' : 'MISSED'}`;
    console.log(`  ${(d.getText().length / 1e6).toFixed(1)} MB   ${best[i].toFixed(0).padStart(6)} ms   ${perMb[i].toFixed(0).padStart(5)} ms/MB${verdict}`);
  });
}
