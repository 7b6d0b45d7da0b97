// Applies a merged document to the file's text as edits, so the file keeps its shape: member
// order, indentation, line ends and comments (`.jsonc`) stay where the merge did not touch them.
// Each change is one jsonc-parser `modify` on the current text (a replaced value, a removed or
// added member, an inserted or removed array member); new members go at the end of their
// object, array members at their merged position. Free of `vscode` and of I/O.
import { applyEdits, modify, type FormattingOptions } from 'jsonc-parser';
import { identityFor, keysOf } from './arrayIdentity';
import type { JsonPathSegment } from './jsonPath';
import { jsonEqual } from './semanticDiff';

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const own = (o: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** The text's own indentation and line end, so inserted members look like their neighbours. */
export function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indents = text
    .split(/\r?\n/)
    .map((line) => /^[ \t]+(?=\S)/.exec(line)?.[0])
    .filter((s): s is string => !!s);
  if (indents.some((s) => s.startsWith('\t'))) return { insertSpaces: false, tabSize: 1, eol };
  const smallest = indents.reduce((min, s) => Math.min(min, s.length), Number.POSITIVE_INFINITY);
  return { insertSpaces: true, tabSize: Number.isFinite(smallest) ? smallest : 2, eol };
}

/**
 * The text of the file (whose value is `current`) edited to hold `target`. The result parses to a
 * value equal to `target` (member order aside).
 */
export function applyValueToText(text: string, current: unknown, target: unknown): string {
  const formatting = formattingOf(text);
  let out = text;
  const set = (path: JsonPathSegment[], value: unknown, insert = false) => {
    out = applyEdits(out, modify(out, path, value, { formattingOptions: formatting, isArrayInsertion: insert }));
  };
  const walk = (a: unknown, b: unknown, path: JsonPathSegment[]) => {
    if (jsonEqual(a, b)) return;
    if (isObject(a) && isObject(b)) {
      for (const key of Object.keys(a)) if (!own(b, key) || b[key] === undefined) set([...path, key], undefined);
      for (const key of Object.keys(b)) {
        if (b[key] === undefined) continue;
        if (own(a, key)) walk(a[key], b[key], [...path, key]);
        else set([...path, key], b[key]);
      }
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      if (editArray(a, b, path)) return;
    }
    if (path.length === 0) {
      // A new document altogether: nothing of the old text can be kept.
      out = `${JSON.stringify(b, null, formatting.insertSpaces ? formatting.tabSize : '\t')}${formatting.eol}`;
      return;
    }
    set(path, b);
  };
  /** Arrays edited member by member; false when only a whole replacement will do (a move). */
  const editArray = (a: readonly unknown[], b: readonly unknown[], path: JsonPathSegment[]): boolean => {
    const identity = identityFor(path, [a, b]);
    if (!identity) {
      if (a.length !== b.length) return false;
      a.forEach((item, i) => walk(item, b[i], [...path, i]));
      return true;
    }
    const ak = keysOf(a, identity)!;
    const bk = keysOf(b, identity)!;
    const wanted = new Set(bk);
    const kept = ak.filter((k) => wanted.has(k));
    const had = new Set(ak);
    if (kept.join('\u0000') !== bk.filter((k) => had.has(k)).join('\u0000')) return false;
    // Removals from the end (indexes before them stay valid), then inserts in the target's order.
    for (let i = ak.length - 1; i >= 0; i--) if (!wanted.has(ak[i])) set([...path, i], undefined);
    const current = a.filter((_, i) => wanted.has(ak[i]));
    let j = 0;
    bk.forEach((key, i) => {
      if (had.has(key)) {
        walk(current[j++], b[i], [...path, i]);
      } else {
        set([...path, i], b[i], true);
      }
    });
    return true;
  };
  walk(current, target, []);
  return out;
}
