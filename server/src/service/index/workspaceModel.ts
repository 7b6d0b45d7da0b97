// The workspace index: per file, the names it declares and the names it uses (facts.ts), kept
// only for the user's own files. The LSP layer feeds it (open documents' current text, files
// read from disk, file events); each update replaces one file's entry and the name tables are
// patched for that file only. A file given as text is parsed when first asked about (lazily):
// a start-up scan of a large workspace costs nothing until a request or a rule needs it.
// Navigation, code lenses, workspace symbols, link diagnostics and the duplicate-listen-path
// rule all read this one index.

import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Range } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import { detectKind, type KindAssociations } from '../../../../common/src/detection';
import { mayBeOurYaml } from '../yaml/yamlParse';
import { SvcDocument } from '../parser/document';
import { Codes } from '../validation/codes';
import type { Problem } from '../validation/types';
import { extractFacts, GLOBAL_KINDS, type FactOptions, type Definition, type FileFacts, type NameKind, type Site } from './facts';
import { linkProblems, type LinkLookup, type RemoteEnvironment } from './linkProblems';

/** The active environment as the client reports it: see setRemoteNames. */
export interface RemoteNames {
  environment?: string;
  names: Partial<Record<NameKind, readonly string[]>>;
  partial?: NameKind[];
}

interface Pending {
  /** The text, or how to read it (a file on disk read when first needed; `undefined`: unreadable). */
  text: string | (() => string | undefined);
  languageId: string;
  associations: KindAssociations;
}

/** A site with the file it is in. */
export type Located<T> = T & { readonly uri: string; readonly fileKind: DocumentKind };

const key = (kind: NameKind, name: string): string => `${kind}\u0000${name}`;

export interface WorkspaceModelOptions {
  /**
   * Which files the duplicate-listen-path rule compares (default: all). svc-lint compares the
   * files of one invocation, as it always has, while links see the whole project.
   */
  comparesListenPaths?: (uri: string) => boolean;
  /** Whether files' document-local names are indexed (see `FactOptions`); svc-lint turns it off. */
  localNames?: boolean;
}

export class WorkspaceModel {
  constructor(private readonly options: WorkspaceModelOptions = {}) {
    this.factOptions = { localNames: options.localNames ?? true };
  }

  private readonly factOptions: FactOptions;

  private readonly facts = new Map<string, FileFacts>();
  private readonly pending = new Map<string, Pending>();
  /** Global name → uris defining / referring to it (patched per file). */
  private readonly definers = new Map<string, Set<string>>();
  private readonly referrers = new Map<string, Set<string>>();
  private generation = 0;
  /** The active environment and the names its tree has loaded (sent by the client). */
  private remote: RemoteEnvironment | undefined;

  /** Records (or replaces) the facts of a parsed document of a known kind. */
  update(doc: SvcDocument, kind: DocumentKind | undefined): void {
    this.pending.delete(doc.uri);
    if (!kind || doc.tooDeep || doc.value === undefined) return this.remove(doc.uri);
    this.store(extractFacts(doc.textDocument, kind, doc.value, this.factOptions));
  }

  /** A file read from disk: parsed and detected when first needed. */
  updateText(uri: string, text: string, associations?: KindAssociations, languageId = 'json'): void {
    this.queue(uri, { text, languageId, associations });
  }

  /**
   * A file not read yet: read, parsed and detected when first needed. svc-lint queues the whole
   * project this way, and a run whose rules never look beyond the files it lints reads no other.
   */
  updateFile(uri: string, read: () => string | undefined, languageId = 'json'): void {
    this.queue(uri, { text: read, languageId, associations: undefined });
  }

  private queue(uri: string, pending: Pending): void {
    this.drop(uri);
    this.pending.set(uri, pending);
    this.generation++;
  }

  remove(uri: string): void {
    this.pending.delete(uri);
    this.drop(uri);
    this.generation++;
  }

  clear(): void {
    this.facts.clear();
    this.pending.clear();
    this.definers.clear();
    this.referrers.clear();
    this.generation++;
  }

  /** Changes whenever any file's entry changes (callers cache derived answers by it). */
  get version(): number {
    return this.generation;
  }

  has(uri: string): boolean {
    return this.facts.has(uri) || this.pending.has(uri);
  }

  /** The facts of one file (parsing it now if it was only queued). */
  factsOf(uri: string): FileFacts | undefined {
    const queued = this.pending.get(uri);
    if (queued) {
      this.pending.delete(uri);
      const text = typeof queued.text === 'string' ? queued.text : queued.text();
      if (text === undefined) return undefined;
      // A YAML file is ours only as an OAS or streams document, which names our extension (or a
      // `$schema`): other YAML files (CI, compose…) are not parsed, nor is the YAML library loaded.
      if (queued.languageId === 'yaml' && !mayBeOurYaml(text)) return undefined;
      const doc = new SvcDocument(TextDocument.create(uri, queued.languageId, 0, text));
      // Text JSON.parse accepted needs no nesting check (the rules below walk fixed paths only).
      const value = doc.isStrictJson || !doc.tooDeep ? doc.value : undefined;
      const kind = value === undefined ? undefined : detectKind(uri, value, queued.associations)?.kind;
      if (kind) this.store(extractFacts(doc.textDocument, kind, value, this.factOptions), false);
    }
    return this.facts.get(uri);
  }

  /** Every indexed file (parses what is still queued). */
  all(): FileFacts[] {
    return this.filesWhere(() => true);
  }

  /** The indexed files `accept` takes, parsing only those of them still queued. */
  private filesWhere(accept: (uri: string) => boolean): FileFacts[] {
    for (const uri of [...this.pending.keys()]) if (accept(uri)) this.factsOf(uri);
    return [...this.facts.values()].filter((f) => accept(f.uri));
  }

  /** Definitions of a global name (API id, policy id, webhook id) across the workspace. */
  definitionsOf(kind: NameKind, name: string): Array<Located<Definition>> {
    this.all();
    const out: Array<Located<Definition>> = [];
    for (const uri of this.definers.get(key(kind, name)) ?? []) {
      const facts = this.facts.get(uri)!;
      for (const d of facts.definitions) if (d.kind === kind && d.name === name) out.push({ ...d, uri, fileKind: facts.kind });
    }
    return out;
  }

  /** References to a global name, each with its file. */
  referencesOf(kind: NameKind, name: string): Array<Located<Site>> {
    this.all();
    const out: Array<Located<Site>> = [];
    for (const uri of this.referrers.get(key(kind, name)) ?? []) {
      const facts = this.facts.get(uri);
      for (const r of facts?.references ?? []) if (r.kind === kind && r.name === name) out.push({ ...r, uri, fileKind: facts!.kind });
    }
    return out;
  }

  /** Whether the workspace defines any name of this kind (no APIs here → no "unknown API" warnings). */
  definesAny(kind: NameKind): boolean {
    this.all();
    for (const [k, uris] of this.definers) if (k.startsWith(kind + '\u0000') && uris.size > 0) return true;
    return false;
  }

  /**
   * What other files' diagnostics and lenses depend on in this file: its listen paths and the
   * global names it defines and uses. When it changes, the other open documents are validated
   * again and the lenses refreshed.
   */
  signature(uri: string): string {
    const facts = this.factsOf(uri);
    if (!facts) return '';
    const paths = facts.listenPaths.map((p) => `${p.domain}|${p.listenPath}`);
    const names = [...facts.definitions, ...facts.references].filter((d) => GLOBAL_KINDS.has(d.kind)).map((d) => `${d.kind}:${d.name}`);
    return [...paths, ...names].join('\n');
  }

  /** Every defined global name of a kind. */
  namesOf(kind: NameKind): string[] {
    this.all();
    const prefix = kind + '\u0000';
    return [...this.definers.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  }

  /**
   * The active environment (`undefined` = none is active): its name and, per kind, the names its
   * tree has loaded. A kind absent from `names` was not loaded, so not checked; one in `partial`
   * has further pages the tree has not loaded.
   */
  setRemoteNames(remote: RemoteNames | undefined): void {
    if (!remote) this.remote = undefined;
    else {
      const sets = new Map(Object.entries(remote.names).map(([k, v]) => [k as NameKind, new Set(v)]));
      const partial = new Set(remote.partial ?? []);
      this.remote = {
        name: remote.environment,
        check: (kind) => {
          const names = sets.get(kind);
          return names && { has: (name: string) => names.has(name), partial: partial.has(kind) };
        },
      };
    }
    this.generation++;
  }

  /** The parsed value and file of the policy with this id (the first file defining it), for the access engine. */
  policyValue(id: string): { uri: string; value: unknown } | undefined {
    for (const def of this.definitionsOf('policy', id)) {
      const value = this.factsOf(def.uri)?.value;
      if (value !== undefined) return { uri: def.uri, value };
    }
    return undefined;
  }

  /** Warnings for `uri`: listen paths another file also uses, and links to names nobody defines. */
  problemsFor(uri: string): Problem[] {
    const mine = this.factsOf(uri);
    if (!mine) return [];
    const lookup: LinkLookup = {
      definitionsOf: (kind: NameKind, name: string) => this.definitionsOf(kind, name),
      definesAny: (kind: NameKind) => this.definesAny(kind),
      namesOf: (kind: NameKind) => this.namesOf(kind),
      remote: this.remote,
    };
    return [...this.duplicateListenPaths(mine), ...linkProblems(mine, lookup)];
  }

  private duplicateListenPaths(mine: FileFacts): Problem[] {
    const out: Problem[] = [];
    const compares = this.options.comparesListenPaths ?? (() => true);
    if (mine.listenPaths.length === 0 || !compares(mine.uri)) return out;
    // svc-lint compares the files it lints only: the rest of the project stays unread.
    const all = this.filesWhere(compares);
    for (const path of mine.listenPaths) {
      const others: Array<{ uri: string; range: Range; listenPath: string }> = [];
      for (const facts of all) {
        if (facts.uri === mine.uri) continue;
        for (const e of facts.listenPaths) {
          if (e.listenPath === path.listenPath && e.domain === path.domain) others.push({ uri: facts.uri, range: e.range, listenPath: e.listenPath });
        }
      }
      if (others.length === 0) continue;
      const names = others.map((o) => fileName(o.uri));
      out.push({
        pointer: path.pointer,
        target: 'value',
        code: Codes.duplicateListenPath,
        severity: DiagnosticSeverity.Warning,
        message:
          `The listen path \`${path.listenPath}\`${path.domain ? ` on ${path.domain}` : ''} is also used by ${names.join(', ')}: ` +
          'the dashboard refuses a second API on the same path.',
        relatedInformation: others.map((o) => ({ location: { uri: o.uri, range: o.range }, message: `\`${o.listenPath}\` is also the listen path here.` })),
      });
    }
    return out;
  }

  private store(facts: FileFacts, bump = true): void {
    this.drop(facts.uri);
    this.facts.set(facts.uri, facts);
    for (const d of facts.definitions) if (GLOBAL_KINDS.has(d.kind)) addTo(this.definers, key(d.kind, d.name), facts.uri);
    for (const r of facts.references) if (GLOBAL_KINDS.has(r.kind)) addTo(this.referrers, key(r.kind, r.name), facts.uri);
    if (bump) this.generation++;
  }

  private drop(uri: string): void {
    const old = this.facts.get(uri);
    if (!old) return;
    this.facts.delete(uri);
    for (const d of old.definitions) if (GLOBAL_KINDS.has(d.kind)) removeFrom(this.definers, key(d.kind, d.name), uri);
    for (const r of old.references) if (GLOBAL_KINDS.has(r.kind)) removeFrom(this.referrers, key(r.kind, r.name), uri);
  }
}

function addTo(map: Map<string, Set<string>>, k: string, uri: string): void {
  let set = map.get(k);
  if (!set) map.set(k, (set = new Set()));
  set.add(uri);
}

function removeFrom(map: Map<string, Set<string>>, k: string, uri: string): void {
  const set = map.get(k);
  if (!set) return;
  set.delete(uri);
  if (set.size === 0) map.delete(k);
}

export function fileName(uri: string): string {
  const path = uri.replace(/[?#].*$/, '');
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
  } catch {
    return path.slice(path.lastIndexOf('/') + 1);
  }
}
