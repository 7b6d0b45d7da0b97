// What a key may do, in the editor: the "effective: …" code lens above a key, a hover on each
// `access_rights` entry with the limits that apply and where they come from, and the warnings
// that follow from how the gateway applies policies. The access engine (access/src/) does the
// work; the policies come from the workspace index (the files that define them).
import { findNodeAtOffset, getNodePath, type Node } from 'jsonc-parser';
import { DiagnosticSeverity, MarkupKind, type CodeLens, type Hover, type Position } from 'vscode-languageserver-types';
import { keyWarnings, policyWarnings, type AccessWarning } from '../../../../access/src/diagnostics';
import { formatQuota, formatRate, formatSource } from '../../../../access/src/format';
import { parsePolicy, parseSession, type Policy } from '../../../../access/src/model';
import { summarizeKey } from '../../../../access/src/summary';
import type { PolicyLookup } from '../../../../access/src/apply';
import { EXPLAIN_ACCESS_COMMAND } from '../../../../common/src/commands';
import type { DocumentKind } from '../../../../common/src/kinds';
import type { WorkspaceModel } from '../index/workspaceModel';
import type { SvcDocument } from '../parser/document';
import type { Problem } from '../validation/types';

export const AccessCodes = {
  unreachableLimit: 'svc.access.unreachable-limit',
  lastPolicyWins: 'svc.access.last-policy-wins',
  perApiWithPartitions: 'svc.access.per-api-with-partitions',
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Policies by the id keys name them with, from the index; each parsed once per call. */
function lookupIn(index: WorkspaceModel): PolicyLookup {
  const cache = new Map<string, Policy | undefined>();
  return (id) => {
    if (!cache.has(id)) {
      const found = index.policyValue(id);
      cache.set(id, found ? parsePolicy(found.value) : undefined);
    }
    return cache.get(id);
  };
}

export function accessLenses(doc: SvcDocument, kind: DocumentKind | undefined, index: WorkspaceModel): CodeLens[] {
  if (kind !== 'session' || !isObject(doc.value)) return [];
  const summary = summarizeKey(parseSession(doc.value), lookupIn(index));
  const at = { line: 0, character: 0 };
  return [{ range: { start: at, end: at }, command: { title: summary.line, command: EXPLAIN_ACCESS_COMMAND, arguments: [doc.uri] } }];
}

/** On the name of an `access_rights` entry of a key: the limits the gateway applies to that API, and their source. */
export function accessHover(doc: SvcDocument, position: Position, kind: DocumentKind | undefined, index: WorkspaceModel): Hover | null {
  if (kind !== 'session' || doc.tooDeep || !isObject(doc.value)) return null;
  const offset = doc.textDocument.offsetAt(position);
  const root = doc.treeAt(offset);
  const node = root && findNodeAtOffset(root, offset, false);
  const parent = node?.parent;
  if (!node || parent?.type !== 'property' || parent.children?.[0] !== node) return null;
  const path = [...getNodePath(parent.parent as Node), node.value as string];
  if (path.length !== 2 || path[0] !== 'access_rights') return null;
  const api = String(path[1]);
  const lookup = lookupIn(index);
  const summary = summarizeKey(parseSession(doc.value), lookup);
  const nameOf = (id: string) => lookup(id)?.name || id;
  let value: string;
  if (summary.error) value = `**Effective access to \`${api}\`**: none. The gateway refuses this key: ${summary.error}.`;
  else {
    const a = summary.apis.find((x) => x.api === api);
    if (!a) {
      const by = summary.applied.applied.map((p) => `'${nameOf(p)}'`).join(', ');
      value = `**Effective access to \`${api}\`**: none. The key's policies (${by}) replace its own access rights, and none of them grants \`${api}\`.`;
    } else {
      const lines = [
        `**Effective access to \`${api}\`**`,
        '',
        `- granted by: ${a.grantedBy.length ? a.grantedBy.map((p) => `policy '${nameOf(p)}'`).join(', ') : 'the key itself'}`,
        `- rate: ${formatRate(a.rate, a.per)} — from ${formatSource(a.rateSource, nameOf)}`,
        `- quota: ${formatQuota(a.quota_max, a.quota_renewal_rate)} — from ${formatSource(a.quotaSource, nameOf)}`,
        `- counted ${a.perApi ? 'per API (its own limit)' : "with the key's other APIs (the key-level limit)"}`,
      ];
      if (a.versions.length) lines.push(`- versions: ${a.versions.join(', ')}`);
      lines.push(`- paths: ${a.allowedUrls ? `${a.allowedUrls} allowed_urls entr${a.allowedUrls === 1 ? 'y' : 'ies'}` : 'all (no allowed_urls)'}`);
      value = lines.join('\n');
    }
  }
  return { contents: { kind: MarkupKind.Markdown, value }, range: doc.range(node.offset, node.length) };
}

const pointerOf = (path: (string | number)[]) => path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

function toProblem(w: AccessWarning): Problem {
  const code =
    w.code === 'last-policy-wins'
      ? AccessCodes.lastPolicyWins
      : w.code === 'per-api-with-partitions'
        ? AccessCodes.perApiWithPartitions
        : AccessCodes.unreachableLimit;
  return {
    pointer: pointerOf(w.path),
    target: typeof w.path.at(-1) === 'number' ? 'value' : 'key',
    code,
    severity: DiagnosticSeverity.Warning,
    message: w.message,
  };
}

/** Warnings on policies (limits their partitions never apply) and keys (members where the last policy wins). A missing policy is the link rule's. */
export function accessProblems(doc: SvcDocument, kind: DocumentKind, index: WorkspaceModel | undefined): Problem[] {
  if (!isObject(doc.value)) return [];
  if (kind === 'policy') return policyWarnings(parsePolicy(doc.value)).map(toProblem);
  if (kind === 'session' && index) {
    const member = Array.isArray(doc.value.apply_policies) && doc.value.apply_policies.length ? 'apply_policies' : 'apply_policy_id';
    return keyWarnings(parseSession(doc.value), lookupIn(index), { policiesMember: member })
      .filter((w) => w.code !== 'missing-policy')
      .map(toProblem);
  }
  return [];
}
