// Readable file names for pulled resources: `<slug-of-name>.<kind>.json`, e.g.
// `petstore.classic.json`, `gold-plan.policy.json`. Free of `vscode`.
import type { SyncKind } from './syncKinds';

/** Lower-case ASCII words joined by `-`; accents folded; never empty. */
export function slugify(name: string, fallback = 'unnamed'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The name for a resource; `taken` says whether a name already belongs to another resource. */
export function fileNameFor(
  resource: { kind: SyncKind; name?: string; id: string },
  taken: (fileName: string) => boolean = () => false,
  extension: 'json' | 'yaml' = 'json',
): string {
  const base = slugify(resource.name ?? '', slugify(resource.id.slice(0, 12), resource.kind));
  const plain = `${base}.${resource.kind}.${extension}`;
  if (!taken(plain)) return plain;
  // Two resources with one name (e.g. "Petstore" twice): the id tells them apart.
  const withId = `${base}-${slugify(resource.id.slice(0, 12), 'x')}.${resource.kind}.${extension}`;
  if (!taken(withId)) return withId;
  for (let n = 2; ; n++) {
    const numbered = `${base}-${n}.${resource.kind}.${extension}`;
    if (!taken(numbered)) return numbered;
  }
}

/** `foo.oas.json` → `foo.oas.mine.json` (the copy "Pull (keep mine as a copy)" writes). */
export function copyNameFor(fileName: string, taken: (fileName: string) => boolean = () => false): string {
  const extension = /\.(ya?ml)$/i.exec(fileName)?.[1] ?? 'json';
  const stem = fileName.replace(/\.(json|ya?ml)$/i, '');
  for (let n = 1; ; n++) {
    const candidate = `${stem}.mine${n === 1 ? '' : `-${n}`}.${extension}`;
    if (!taken(candidate)) return candidate;
  }
}
