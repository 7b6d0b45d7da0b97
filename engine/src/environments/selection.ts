// `--select`: the part of a shared gateway a team owns, by folder, tag or name pattern.
//   folder:PATH   definitions under PATH (relative to the root)
//   tag:TAG       resources carrying TAG (OAS/streams: server.gatewayTags.tags; classic, policy, key: tags)
//   name:GLOB     resources whose name matches GLOB (`*` any characters, `?` one; case-insensitive)
//   GLOB          the same as name:GLOB
// Several --select widen the selection (a resource matches when it matches any). Pure.
import type { SyncKind } from '../sync/syncKinds';
import { isPlainObject } from './mergePatch';

export type Selector = { by: 'folder'; folder: string } | { by: 'tag'; tag: string } | { by: 'name'; pattern: RegExp; text: string };

export class SelectionError extends Error {}

export function parseSelectors(values: readonly string[] | undefined): Selector[] {
  return (values ?? []).map((value) => {
    const match = /^(folder|tag|name):(.*)$/.exec(value);
    const by = match ? match[1] : 'name';
    const arg = match ? match[2] : value;
    if (!arg) throw new SelectionError(`--select '${value}' selects nothing: write folder:PATH, tag:TAG or name:PATTERN.`);
    if (by === 'folder') return { by, folder: arg.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '') };
    if (by === 'tag') return { by, tag: arg };
    return { by: 'name', pattern: globToRegExp(arg), text: arg };
  });
}

function globToRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'i');
}

/** What a selector looks at: the definition's path and the (rendered or remote) document. */
export interface Candidate {
  kind: SyncKind;
  file?: string;
  document: unknown;
}

export function nameOf(kind: SyncKind, document: unknown): string | undefined {
  const d = isPlainObject(document) ? document : {};
  const obj = (v: unknown) => (isPlainObject(v) ? v : {});
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  switch (kind) {
    case 'oas':
    case 'streams':
      return str(obj(obj(d['x-svc-api-gateway']).info).name) ?? str(obj(d.info).title);
    case 'classic':
    case 'policy':
      return str(d.name);
    case 'key':
      return str(d.alias);
  }
}

export function tagsOf(kind: SyncKind, document: unknown): string[] {
  const d = isPlainObject(document) ? document : {};
  const obj = (v: unknown) => (isPlainObject(v) ? v : {});
  const tags = kind === 'oas' || kind === 'streams' ? obj(obj(obj(d['x-svc-api-gateway']).server).gatewayTags).tags : d.tags;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

/** What a selector is matched against, once taken out of a document (the editor's tree has them from listings). */
export interface SelectionFacts {
  /** The definition's path relative to the root, when the resource has one. */
  file?: string;
  name?: string;
  tags: readonly string[];
}

/** One selector against a resource: the same rule for `--select` and the editor's tree filter. */
export function matchesSelector(s: Selector, facts: SelectionFacts): boolean {
  if (s.by === 'folder') return !!facts.file && (facts.file === s.folder || facts.file.startsWith(`${s.folder}/`));
  if (s.by === 'tag') return facts.tags.includes(s.tag);
  return facts.name !== undefined && s.pattern.test(facts.name);
}

/** True when there is no selector, or one of them matches. */
export function selects(selectors: readonly Selector[], candidate: Candidate): boolean {
  if (selectors.length === 0) return true;
  const facts: SelectionFacts = {
    file: candidate.file,
    name: nameOf(candidate.kind, candidate.document),
    tags: tagsOf(candidate.kind, candidate.document),
  };
  return selectors.some((s) => matchesSelector(s, facts));
}
