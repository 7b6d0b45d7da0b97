// The examples catalogue as the quick pick shows it (category, features, minimum version), and
// which definition an example carries. Pure and free of `vscode`.
import type { ExampleApiDefinition, ExampleSummary, JsonMap } from '../../../../api/src/types';

export interface ExampleEntry {
  location: string;
  name: string;
  description?: string;
  /** The first segment of the location (`udg/vat-checker` → `udg`), as the index groups them. */
  category: string;
  features: string[];
  minVersion?: string;
}

export function categoryOf(location: string): string {
  const [first] = location.split('/');
  return location.includes('/') && first ? first : 'other';
}

/** One entry from the listing and (when it could be read) the example's details. */
export function toEntry(summary: ExampleSummary, detail?: ExampleApiDefinition): ExampleEntry {
  return {
    location: summary.location,
    name: detail?.name || summary.name || summary.location,
    description: detail?.description || summary.shortDescription || undefined,
    category: categoryOf(summary.location),
    features: (detail?.features ?? []).filter((f): f is string => typeof f === 'string' && f.length > 0),
    minVersion: detail?.min_version || undefined,
  };
}

export type PickRow = { separator: true; label: string } | { separator?: false; label: string; description?: string; detail?: string; location: string };

/** Quick-pick rows grouped by category (categories in first-seen order), each with its details. */
export function pickRows(entries: readonly ExampleEntry[]): PickRow[] {
  const byCategory = new Map<string, ExampleEntry[]>();
  for (const e of entries) byCategory.set(e.category, [...(byCategory.get(e.category) ?? []), e]);
  const rows: PickRow[] = [];
  for (const [category, list] of byCategory) {
    rows.push({ separator: true, label: category });
    for (const e of list) {
      const facts = [e.features.length ? e.features.join(', ') : undefined, e.minVersion ? `min version ${e.minVersion}` : undefined]
        .filter(Boolean)
        .join(' · ');
      rows.push({ label: e.name, description: facts || undefined, detail: e.description, location: e.location });
    }
  }
  return rows;
}

export type ExampleKind = 'classic' | 'oas' | 'streams';

/** A JSON object with at least one member (examples carry `{}` for the format they lack). */
function nonEmpty(value: unknown): value is JsonMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
}

/**
 * The definition an example carries: the OAS document (streams when it has `x-svc-streaming`)
 * when present, else the classic one. Some repositories wrap the OAS document as `{oas: {...}}`.
 */
export function exampleDefinition(example: ExampleApiDefinition): { kind: ExampleKind; document: JsonMap } | undefined {
  let oas: unknown = example.oas;
  if (nonEmpty(oas) && nonEmpty(oas.oas) && !oas.openapi) oas = oas.oas;
  if (nonEmpty(oas)) return { kind: oas['x-svc-streaming'] ? 'streams' : 'oas', document: oas };
  if (nonEmpty(example.api_definition)) return { kind: 'classic', document: example.api_definition };
  return undefined;
}

/** A readable file name for the opened definition: `keyless-proxy.classic.json`. */
export function definitionFileName(location: string, kind: ExampleKind): string {
  const last = location.split('/').filter(Boolean).pop() ?? 'example';
  return `${last.replace(/[^\w.-]+/g, '-')}.${kind}.json`;
}

/** The readme shown in the Markdown preview; a heading when the example has no readme. */
export function readmeText(example: ExampleApiDefinition, location: string): string {
  if (example.readme && example.readme.trim()) return example.readme;
  return `# ${example.name || location}\n\n${example.description ?? ''}\n\n_This example has no readme._\n`;
}
