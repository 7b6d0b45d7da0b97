// What a YAML parse gives (yamlParse.ts, and its fast path yamlFast.ts), apart so that neither
// parser imports the other's module for its types.
import type { Node } from 'jsonc-parser';

export interface YamlFinding {
  offset: number;
  length: number;
  severity: 'error' | 'warning';
  code: string;
  message: string;
  /** For a surprising scalar: the quoted text the quick fix writes. */
  quoted?: string;
}

export interface YamlParse {
  /** The first document's value; undefined for an empty or hopelessly broken text. */
  value: unknown;
  /** The syntax tree, built on first call (the fast path builds it only when asked). */
  tree: () => Node | undefined;
  findings: YamlFinding[];
  /** Deepest nesting of mappings and sequences. */
  depth: number;
}
