// Code lenses over the links of the gateway model: above an API definition "granted by N
// policies · M keys", above a policy "grants N APIs" and "used by M keys". Each lens carries
// the locations it counts; the client's `svc.showReferences` opens them as a references list.

import type { CodeLens, Location, Position } from 'vscode-languageserver-types';
import type { DocumentKind } from '../../../../common/src/kinds';
import type { SvcDocument } from '../parser/document';
import type { WorkspaceModel } from '../index/workspaceModel';
import { factsOfDocument, occurrences } from './navigation';

import { SHOW_REFERENCES_COMMAND } from '../../../../common/src/commands';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

function lens(uri: string, at: Position, title: string, locations: Location[]): CodeLens {
  const range = { start: at, end: at };
  return { range, command: { title, command: SHOW_REFERENCES_COMMAND, arguments: [uri, at, locations] } };
}

/**
 * The counts come from the workspace's files. Over a file of the workspace that goes without
 * saying; over a server's document (edit remote, a read-only view) it does not, since the server
 * may hold policies and keys the workspace lacks: there the lens says where it counted.
 */
export function countScope(uri: string): string {
  return uri.startsWith('file:') ? '' : ' in this workspace';
}

export function codeLenses(doc: SvcDocument, kind: DocumentKind | undefined, index: WorkspaceModel): CodeLens[] {
  const facts = factsOfDocument(doc, kind);
  if (!facts) return [];
  const scope = countScope(doc.uri);
  const out: CodeLens[] = [];
  for (const def of facts.definitions) {
    const at = def.range.start;
    if (def.kind === 'api') {
      const refs = occurrences(doc, kind, def, index).references.filter((r) => !(r.target === 'value' && /^(\/[^/]+)?\/access_rights\//.test(r.pointer)));
      const policies = refs.filter((r) => r.fileKind === 'policy' || r.fileKind === 'policies');
      const keys = refs.filter((r) => r.fileKind === 'session');
      const title = `granted by ${plural(policies.length, 'policy', 'policies')} · ${plural(keys.length, 'key', 'keys')}${scope}`;
      out.push(
        lens(
          doc.uri,
          at,
          title,
          [...policies, ...keys].map((r) => ({ uri: r.uri, range: r.range })),
        ),
      );
    } else if (def.kind === 'policy') {
      // The APIs this policy grants: their definitions where the workspace has them, else the grant itself.
      // In a policies.json map, only the grants under this policy's own entry.
      const own = kind === 'policies' ? def.pointer + '/' : '';
      const granted = facts.references.filter((r) => r.kind === 'api' && r.target === 'key' && r.pointer.startsWith(own));
      const apis = granted.flatMap((r) => {
        const defs = index.definitionsOf('api', r.name);
        return defs.length > 0 ? defs.map((d) => ({ uri: d.uri, range: d.range })) : [{ uri: doc.uri, range: r.range }];
      });
      out.push(lens(doc.uri, at, `grants ${plural(granted.length, 'API', 'APIs')}`, apis));
      const keys = occurrences(doc, kind, def, index).references.filter((r) => r.fileKind === 'session');
      out.push(
        lens(
          doc.uri,
          at,
          `used by ${plural(new Set(keys.map((k) => k.uri)).size, 'key', 'keys')}${scope}`,
          keys.map((r) => ({ uri: r.uri, range: r.range })),
        ),
      );
    }
  }
  return out;
}
