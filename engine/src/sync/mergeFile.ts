// A pulled file merged with the server's version now, against the base recorded at the last pull
// or push (`.svc/remote/<hash>.json`): the decision point of push and pull when both the file and
// the server changed. The merged document is written back as edits to the file's text (its
// shape kept): JSON edits for a JSON file, the in-place YAML writer for a YAML file (comments, key
// order and style kept where the values did not change). Members the server maintains itself (canonicalJson's volatile members) stay as the
// file has them; secrets are placeholders in the file, the base and the server's redacted read
// alike, so they are equal and never merged. Free of `vscode` and of I/O.
import { merge, type MergeConflict, type MergedChange, type MergeSide, type ResolvedConflict } from '../diff/merge';
import { applyValueToText } from '../diff/textEdits';
import { VOLATILE_MEMBERS } from './canonicalJson';
import { definitionText, formatOfFile } from './documentFormat';
import type { SyncKind } from './syncKinds';

/**
 * How to resolve conflicts without asking: one side for all (`--ours`, `--theirs`), or per JSON
 * pointer (`--ours=/x-svc-api-gateway/upstream/url`), which also covers everything under it. The
 * most specific pointer wins; `all` applies where no pointer does.
 */
export interface MergeResolutions {
  all?: MergeSide;
  paths?: ReadonlyArray<{ pointer: string; side: MergeSide }>;
}

export interface FileMerge {
  /** The merged document. */
  value: unknown;
  /** The file's text with the merge applied as edits (with conflicts left as the file has them). */
  text: string;
  conflicts: MergeConflict[];
  resolved: ResolvedConflict[];
  /** Changes that came from the server. */
  fromServer: MergedChange[];
  /** Changes kept from the file. */
  fromFile: MergedChange[];
}

export interface FileMergeInput {
  kind: SyncKind;
  /** The file's path or URI: its name says how its text is written (JSON, or YAML for `.yaml`/`.yml`). */
  file: string;
  /** The file's text and its parsed value (parseDefinitionText's). */
  text: string;
  local: unknown;
  /** The server's version at the last pull or push. */
  base: unknown;
  /** The server's version now. */
  remote: unknown;
  resolutions?: MergeResolutions;
  /**
   * False when the file is as it was written at the last pull or push (its recorded hash): it is
   * then the base itself, so members the server filled in on a push do not read as deletions.
   */
  localChanged?: boolean;
}

export function mergeFile({ kind, file, text, local, base, remote, resolutions, localChanged = true }: FileMergeInput): FileMerge {
  const volatile = new Set(VOLATILE_MEMBERS[kind]);
  const result = merge(base, localChanged ? local : base, remote, {
    ignore: (path) => path.length === 1 && typeof path[0] === 'string' && volatile.has(path[0]),
    resolve: resolutions ? resolverOf(resolutions) : undefined,
  });
  return {
    value: result.value,
    // A YAML file is updated node by node from its own text (updateYamlText), never with JSON edits.
    text: formatOfFile(file) === 'yaml' ? definitionText(file, result.value, text) : applyValueToText(text, local, result.value),
    conflicts: result.conflicts,
    resolved: result.resolved,
    fromServer: result.fromTheirs,
    fromFile: result.fromOurs,
  };
}

/** The side a conflict at `pointer` takes under `resolutions`, if any. */
export function resolverOf(resolutions: MergeResolutions): (conflict: MergeConflict) => MergeSide | undefined {
  const byLength = [...(resolutions.paths ?? [])].sort((a, b) => b.pointer.length - a.pointer.length);
  return (conflict) => byLength.find((p) => covers(p.pointer, conflict.pointer))?.side ?? resolutions.all;
}

/** `/a/b` covers `/a/b` and `/a/b/c`, not `/a/bc`; the empty pointer (the whole document) covers all. */
export function covers(pointer: string, path: string): boolean {
  const p = pointer.replace(/\/$/, '');
  return path === p || path.startsWith(`${p}/`);
}

/** A conflict's three values for people, one line each. */
export function describeConflict(conflict: MergeConflict, limit = 120): string[] {
  const show = (value: unknown) => {
    if (value === undefined) return '(not there)';
    const text = JSON.stringify(value);
    return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
  };
  return [`base:   ${show(conflict.base)}`, `mine:   ${show(conflict.ours)}`, `theirs: ${show(conflict.theirs)}`];
}
