// The answer of Explain Access as text, with the places of the members that decided it: one
// "→ where" line per decider, whose range the document link provider turns into a link. Free of
// `vscode` (the command resolves each place to a file or remote document and a line).
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Decider, Explanation } from '../../../../access/src/explain';

export interface RenderedLink {
  line: number;
  start: number;
  end: number;
  decider: Decider;
}

export interface Rendered {
  text: string;
  links: RenderedLink[];
}

export interface RenderContext {
  /** How the key is called: its alias, its file name, or its id masked. */
  keyLabel: string;
  apiLabel: string;
  method: string;
  path: string;
  /** A short name for a decider's document: the key's label, or the policy's file or name. */
  placeOf(decider: Decider): string;
  notes?: string[];
}

export function renderExplanation(e: Explanation, ctx: RenderContext): Rendered {
  const lines: string[] = [];
  const links: RenderedLink[] = [];
  const verdict = e.allowed ? 'ALLOWED' : `DENIED (${e.status} "${e.message ?? ''}")`;
  lines.push(`# Explain Access: ${verdict}`, '', `${ctx.method.toUpperCase()} ${ctx.path} on API ${ctx.apiLabel} with key ${ctx.keyLabel}`, '');
  e.steps.forEach((s, i) => {
    lines.push(`${i + 1}. ${s.ok ? '✓' : '✗'} ${s.text}`);
    for (const d of s.deciders) {
      const label = `${ctx.placeOf(d)}${d.path.length ? `: ${d.path.join('.')}` : ''}`;
      const prefix = '   → ';
      links.push({ line: lines.length, start: prefix.length, end: prefix.length + label.length, decider: d });
      lines.push(`${prefix}${label}`);
    }
  });
  if (ctx.notes?.length) lines.push('', ...ctx.notes.map((n) => `Note: ${n}`));
  lines.push('');
  return { text: lines.join('\n'), links };
}

/** The line of the member at `path` in a JSON text (0-based), for links; the document's first line when not found. */
export function lineOfPath(
  text: string,
  path: readonly (string | number)[],
  find: (text: string, path: readonly (string | number)[]) => number | undefined,
): number {
  const offset = find(text, path);
  if (offset === undefined) return 0;
  let line = 0;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The offset of the member at `path` (its name when it is an object member), or of its nearest ancestor that exists. */
export function offsetOfPath(text: string, path: readonly (string | number)[]): number | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(root, [...path.slice(0, n)]);
    if (node) return node.parent?.type === 'property' ? node.parent.offset : node.offset;
  }
  return undefined;
}
