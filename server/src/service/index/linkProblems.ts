// Diagnostics that follow the links between files: a policy or key granting an API id that no
// workspace file defines (and the active environment does not list), a key applying a policy
// that does not exist. Both are warnings: the gateway accepts the document, the grant just
// does nothing. A workspace that holds no API definitions at all (policies kept apart from
// the APIs) gets no "unknown API" warnings: we cannot see the APIs, so we say nothing.

import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { closestName } from '../validation/suggest';
import type { Problem } from '../validation/types';
import type { FileFacts, NameKind } from './facts';

export const LinkCodes = {
  unknownApi: 'svc.link.unknown-api',
  unknownPolicy: 'svc.link.unknown-policy',
} as const;

/** What linkProblems needs from the index (kept narrow so tests can pass a stub-free index). */
export interface LinkLookup {
  definitionsOf(kind: NameKind, name: string): readonly unknown[];
  definesAny(kind: NameKind): boolean;
  /** Names the active environment is known to have (loaded in the tree), per kind. */
  knownRemote?(kind: NameKind, name: string): boolean;
  /** Every defined name of a kind, for "did you mean". */
  namesOf?(kind: NameKind): string[];
}

const MISSING_POLICY = 'the gateway denies requests made with a key whose policy it cannot find.';

export function linkProblems(facts: FileFacts, index: LinkLookup): Problem[] {
  if (facts.kind !== 'policy' && facts.kind !== 'session' && facts.kind !== 'oauth-client') return [];
  const out: Problem[] = [];
  const anyApi = index.definesAny('api');
  const anyPolicy = index.definesAny('policy');
  for (const ref of facts.references) {
    if (ref.kind === 'api' && !anyApi) continue;
    if (ref.kind === 'policy' && !anyPolicy) continue;
    if (ref.kind !== 'api' && ref.kind !== 'policy') continue;
    // The inner `access_rights.<id>.api_id` repeats the key: one warning, on the key.
    if (ref.kind === 'api' && ref.target === 'value' && ref.pointer.startsWith('/access_rights/')) continue;
    if (index.definitionsOf(ref.kind, ref.name).length > 0 || index.knownRemote?.(ref.kind, ref.name)) continue;
    const suggestion = closestName(ref.name, index.namesOf?.(ref.kind) ?? []);
    const hint = suggestion ? ` Did you mean \`${suggestion}\`?` : '';
    const scope = index.knownRemote ? 'this workspace or the active environment' : 'this workspace';
    const where = (what: string): string => `No ${what} with the id \`${ref.name}\` is in ${scope}`;
    out.push({
      pointer: ref.pointer,
      target: ref.target,
      code: ref.kind === 'api' ? LinkCodes.unknownApi : LinkCodes.unknownPolicy,
      severity: DiagnosticSeverity.Warning,
      message: ref.kind === 'api' ? `${where('API')}: this grant gives access to nothing here.${hint}` : `${where('policy')}: ${MISSING_POLICY}${hint}`,
      data: suggestion ? { suggestion } : undefined,
    });
  }
  return out;
}
