// Real documents of the reference gateway, each as the document(s) we lint: a file that wraps
// documents (a list or map of policies, a dashboard record `{ oas: … }`, a debug request) is
// unwrapped into its documents, linted with the kind of its folder. The set carried in the
// repository (test/fixtures/real-definitions, MPL-2.0, see its README) is the default; the
// conformance layer passes the team's whole set instead (test/conformance/).
import { readdirSync, readFileSync } from 'node:fs';
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

/** The real definitions carried in the repository. */
export const CARRIED_DIR = join(__dirname, '..', '..', 'fixtures', 'real-definitions');

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

/** Read once per folder: several checks of one test file walk the same set. */
const cache = new Map<string, { documents: RealDocument[]; notOurs: NotOurs[] }>();

/** Every lintable document, and the files that hold none (with why). */
export function realDocuments(dir = CARRIED_DIR): { documents: RealDocument[]; notOurs: NotOurs[] } {
  const cached = cache.get(dir);
  if (cached) return cached;
  const documents: RealDocument[] = [];
  const notOurs: NotOurs[] = [];
  for (const folder of readdirSync(dir)
    .filter((f) => FOLDER_KIND[f])
    .sort()) {
    for (const file of readdirSync(join(dir, folder))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const text = readFileSync(join(dir, folder, file), 'utf8');
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
  const found = { documents, notOurs };
  cache.set(dir, found);
  return found;
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
