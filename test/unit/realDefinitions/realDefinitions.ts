// The real documents of the reference gateway in `../shared/real-definitions/` (read in place,
// never copied), each as the document(s) we lint: a file that wraps documents (a list or map of
// policies, a dashboard record `{ oas: … }`, a debug request) is unwrapped into its documents,
// linted with the kind of its folder.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { detectKind, type Detection } from '../../../common/src/detection';
import type { DocumentKind } from '../../../common/src/kinds';
import { SvcDocument } from '../../../server/src/service/parser/document';
import { validateAs } from '../../../server/src/service/validation/validate';
import { DEFAULT_VALIDATION_SETTINGS } from '../../../server/src/service/validation/types';
import { createLanguageService } from '../../../server/src/service/languageService';

const service = createLanguageService();

export const REAL_DIR = join(__dirname, '..', '..', '..', '..', 'shared', 'real-definitions');
export const hasRealDefinitions = existsSync(REAL_DIR);

const FOLDER_KIND: Record<string, DocumentKind> = { classic: 'classic', oas: 'oas', streams: 'streams', policies: 'policy', keys: 'session' };

export interface RealDocument {
  /** `folder/file` plus `#part` for a document unwrapped from a wrapper file. */
  name: string;
  folder: string;
  file: string;
  text: string;
  detection: Detection;
}

export interface NotOurs {
  name: string;
  reason: string;
}

/** Every lintable document, and the files that hold none (with why). */
export function realDocuments(): { documents: RealDocument[]; notOurs: NotOurs[] } {
  const documents: RealDocument[] = [];
  const notOurs: NotOurs[] = [];
  for (const folder of readdirSync(REAL_DIR)
    .filter((f) => FOLDER_KIND[f])
    .sort()) {
    for (const file of readdirSync(join(REAL_DIR, folder))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const text = readFileSync(join(REAL_DIR, folder, file), 'utf8');
      const name = `${folder}/${file}`;
      const value: unknown = JSON.parse(text);
      const detection = detectKind(`file:///real/${name}`, value);
      if (detection) {
        documents.push({ name, folder, file, text, detection });
        continue;
      }
      const parts = unwrap(value);
      const kind = FOLDER_KIND[folder];
      const ours = parts.filter(([, part]) => (kind === 'oas' ? hasExtension(part) : true));
      if (ours.length === 0) {
        notOurs.push({ name, reason: kind === 'oas' ? 'plain OpenAPI without x-svc-api-gateway' : 'no document inside' });
        continue;
      }
      for (const [label, part] of ours) {
        const detected = detectKind(`file:///real/${name}`, part);
        documents.push({ name: `${name}#${label}`, folder, file, text: JSON.stringify(part, null, 2), detection: detected ?? { kind, source: 'content' } });
      }
    }
  }
  return { documents, notOurs };
}

function hasExtension(value: unknown): boolean {
  return value !== null && typeof value === 'object' && 'x-svc-api-gateway' in (value as object);
}

/** A list, a map of documents, or a record carrying the document in `oas`. */
function unwrap(value: unknown): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.map((item, i) => [String(i), item]);
  if (value === null || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  if (o.oas !== null && typeof o.oas === 'object') return [['oas', o.oas]];
  return Object.entries(o).filter(([, v]) => v !== null && typeof v === 'object' && !Array.isArray(v));
}

export function lint(doc: RealDocument, text = doc.text): Diagnostic[] {
  const svc = new SvcDocument(TextDocument.create(`file:///real/${doc.name}`, 'json', 1, text));
  return validateAs(svc, doc.detection, DEFAULT_VALIDATION_SETTINGS, { registry: service.registry, walker: service.walker });
}

export const errorsOf = (diagnostics: Diagnostic[]): Diagnostic[] => diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);

export function describe(diagnostics: Diagnostic[]): string {
  return diagnostics
    .map((d) => `  ${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)} ${typeof d.message === 'string' ? d.message : d.message.value}`)
    .join('\n');
}
