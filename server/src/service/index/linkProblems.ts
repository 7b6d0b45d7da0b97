// Diagnostics that follow the links between files: a policy or key granting an API id that no
// workspace file defines (and the active environment, as far as the tree has loaded it, does not
// list), a key applying a policy
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

/** What the active environment told us about one kind of name (from the client's tree). */
export interface RemoteCheck {
  has(name: string): boolean;
  /** More pages of the listing exist than the tree has loaded: a name not found may still be there. */
  partial: boolean;
}

/** The active environment as far as the link rules are concerned. */
export interface RemoteEnvironment {
  /** Its name, for the message. */
  name?: string;
  /** The kinds the tree has loaded; a kind absent was not checked. */
  check(kind: NameKind): RemoteCheck | undefined;
}

/** What linkProblems needs from the index (kept narrow so tests can pass a stub-free index). */
export interface LinkLookup {
  definitionsOf(kind: NameKind, name: string): readonly unknown[];
  definesAny(kind: NameKind): boolean;
  /** The active environment (`undefined` = none is active). */
  remote?: RemoteEnvironment;
  /** Every defined name of a kind, for "did you mean". */
  namesOf?(kind: NameKind): string[];
}

const PLURAL: Partial<Record<NameKind, string>> = { api: 'APIs', policy: 'policies' };

/** Where the name was looked for, said plainly: the workspace, and the active environment if it was checked. */
function scopeOf(kind: NameKind, remote: RemoteEnvironment | undefined): string {
  if (!remote) return 'in this workspace';
  const env = remote.name ? `the active environment \`${remote.name}\`` : 'the active environment';
  const check = remote.check(kind);
  if (!check) return `in this workspace (${env} was not checked: its ${PLURAL[kind]} are not loaded in the Svc explorer)`;
  return check.partial ? `in this workspace or in the ${PLURAL[kind]} loaded so far from ${env}` : `in this workspace or in ${env}`;
}

const MISSING_POLICY = 'the gateway denies requests made with a key whose policy it cannot find.';
/** A key naming several policies, one of the others found: the gateway skips the missing one (internal/policy/apply.go, Service.Apply). */
const SKIPPED_POLICY = "the gateway skips a policy it cannot find and applies the key's other policies.";
/** A key naming several policies, none of them found: the gateway refuses it (Service.Apply). */
const NO_POLICY_FOUND =
  'neither is any other policy this key names, and the gateway denies requests made with a key none of whose policies it can find ' +
  '("key has no valid policies to be applied").';

export function linkProblems(facts: FileFacts, index: LinkLookup): Problem[] {
  if (facts.kind !== 'policy' && facts.kind !== 'policies' && facts.kind !== 'session' && facts.kind !== 'oauth-client') return [];
  const out: Problem[] = [];
  const anyApi = index.definesAny('api');
  const anyPolicy = index.definesAny('policy');
  const known = (kind: NameKind, name: string): boolean => index.definitionsOf(kind, name).length > 0 || index.remote?.check(kind)?.has(name) === true;
  const keyPolicies = facts.kind === 'session' ? facts.references.filter((r) => r.kind === 'policy').map((r) => r.name) : [];
  const missingPolicy = (name: string): string => {
    if (keyPolicies.length <= 1) return MISSING_POLICY;
    return keyPolicies.some((other) => other !== name && known('policy', other)) ? SKIPPED_POLICY : NO_POLICY_FOUND;
  };
  for (const ref of facts.references) {
    if (ref.kind === 'api' && !anyApi) continue;
    if (ref.kind === 'policy' && !anyPolicy) continue;
    if (ref.kind !== 'api' && ref.kind !== 'policy') continue;
    // The inner `access_rights.<id>.api_id` repeats the key: one warning, on the key.
    if (ref.kind === 'api' && ref.target === 'value' && ref.pointer.startsWith('/access_rights/')) continue;
    if (known(ref.kind, ref.name)) continue;
    const suggestion = closestName(ref.name, index.namesOf?.(ref.kind) ?? []);
    const hint = suggestion ? ` Did you mean \`${suggestion}\`?` : '';
    const where = (what: string): string => `No ${what} with the id \`${ref.name}\` is ${scopeOf(ref.kind, index.remote)}`;
    out.push({
      pointer: ref.pointer,
      target: ref.target,
      code: ref.kind === 'api' ? LinkCodes.unknownApi : LinkCodes.unknownPolicy,
      severity: DiagnosticSeverity.Warning,
      message:
        ref.kind === 'api' ? `${where('API')}: this grant gives access to nothing here.${hint}` : `${where('policy')}: ${missingPolicy(ref.name)}${hint}`,
      data: suggestion ? { suggestion } : undefined,
    });
  }
  return out;
}
