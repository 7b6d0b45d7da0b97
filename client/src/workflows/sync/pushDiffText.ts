// The right side of push's diffs in the editor (vscodePushUi.ts), apart from VS Code so that a unit
// test can check it. The left side is the server's version as formatted JSON (formatDocument). A
// JSON file is shown as itself (the document, editable in the diff); a YAML file's text is YAML,
// so it is shown as the document push sends, formatted the same way: only the changed members differ.
import { formatOfFile } from '../../../../engine/src/sync/documentFormat';
import { formatDocument } from './canonicalJson';

/**
 * Push's diff before sending: undefined shows the file itself (a JSON file); a YAML file (by the
 * name of `file`, a path or URI) gets the text to show, `document` (its parsed value) as JSON.
 */
export function pushedDiffText(file: string, document: unknown): string | undefined {
  return formatOfFile(file) === 'yaml' ? formatDocument(document) : undefined;
}

/** The merge's diff: the merged text of a JSON file; a YAML file's merged document as JSON (its merged text is YAML). */
export function mergedDiffText(file: string, merged: { mergedText: string; mergedDocument: unknown }): string {
  return pushedDiffText(file, merged.mergedDocument) ?? merged.mergedText;
}
