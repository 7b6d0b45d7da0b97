// Writing YAML: a value as a new YAML text (pull into a new file with `svc.pull.format` = yaml,
// migrate's OAS result), and a value written into an existing YAML text as text edits of only
// the nodes whose values changed (yamlUpdate.ts), so comments, key order and style stay.
// Strings that a plain scalar would turn into something else for the gateway (`2024-01-02`, a
// timestamp; `0777`, octal; `yes`, which YAML 1.1 tools read as true) are written quoted, so the
// file reads back as the same JSON and raises no warning of ours.

import type * as Yaml from 'yaml';
import { yamlLibrary } from './yamlParse';
import { readPlain } from './yamlScalars';

const WRITE_OPTIONS: Yaml.ToStringOptions = { lineWidth: 0, indent: 2 };

/** A JSON value as YAML text. */
export function toYamlText(value: unknown): string {
  const Y = yamlLibrary();
  const document = new Y.Document(value);
  quoteAmbiguousStrings(document);
  return document.toString(WRITE_OPTIONS);
}

/** Quotes every string scalar whose plain form would read as something else. */
export function quoteAmbiguousStrings(node: unknown): void {
  const Y = yamlLibrary();
  Y.visit(node as Yaml.Document, {
    Scalar(_key, scalar) {
      if (typeof scalar.value !== 'string' || scalar.type === 'BLOCK_LITERAL' || scalar.type === 'BLOCK_FOLDED') return;
      if (scalar.type === 'QUOTE_DOUBLE' || scalar.type === 'QUOTE_SINGLE') return;
      const reading = readPlain(scalar.value, scalar.value);
      if (reading.surprise !== undefined || reading.value !== scalar.value) scalar.type = 'QUOTE_DOUBLE';
    },
  });
}
