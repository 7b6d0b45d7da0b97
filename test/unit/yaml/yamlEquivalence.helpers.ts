// Compares the findings of a document written as JSON with those of the same document written
// as YAML: same severities, codes and messages, each on the same member (its pointer) and the
// same part of it (key, value or the nearest present ancestor).
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { createLanguageService, type LanguageService } from '../../../server/src/service/languageService';
import { toYamlText } from '../../../server/src/service/yaml/yamlWrite';

let shared: LanguageService | undefined;
const service = (): LanguageService => (shared ??= createLanguageService());

/** One line per finding: `pointer part · severity code message`. */
export function findingsOf(text: string, uri: string, languageId: 'json' | 'yaml'): string[] {
  const document = TextDocument.create(uri, languageId, 1, text);
  const doc = service().parse(document);
  return service()
    .validate(document)
    .map((d: Diagnostic) => {
      const pointer = (d.data as { pointer?: string } | undefined)?.pointer;
      let part = 'unlocated';
      if (pointer !== undefined) {
        const at = doc.locateNearest(pointer);
        const start = document.offsetAt(d.range.start);
        if (at && at.location.keyOffset === start) part = `${at.pointer} key`;
        else if (at && at.location.valueOffset === start) part = `${at.pointer} value`;
      }
      const message = typeof d.message === 'string' ? d.message : JSON.stringify(d.message);
      return `${part} · ${d.severity} ${String(d.code)} ${message}`;
    })
    .sort();
}

export interface Comparison {
  json: string[];
  yaml: string[];
}

/** The findings of `value` as pretty JSON and as YAML (written the way pull writes YAML). */
export function compareForms(value: unknown, name: string): Comparison {
  return {
    json: findingsOf(JSON.stringify(value, null, 2), `file:///work/${name}.json`, 'json'),
    yaml: findingsOf(toYamlText(value), `file:///work/${name}.yaml`, 'yaml'),
  };
}
