// Svc: Keys Affected — on a policy (file, remote document or tree node): the keys whose
// effective access this policy changes (their access with it differs from their access without
// it), and the keys that name it without being changed. Keys come from the workspace's files
// and, for a policy of an environment, from that environment (ids masked).
import * as vscode from 'vscode';
import { keysNamingPolicy } from '../../../../access/src/affected';
import { parsePolicy, parseSession, policyIdsOf, type Session } from '../../../../access/src/model';
import { kindFromContent } from '../../../../common/src/detection';
import { ManagementSource } from '../../explorer/managementSource';
import { parseRemoteUri, REMOTE_SCHEME, remoteUri } from '../../explorer/remoteDocuments';
import { isExplorerNode, resolveTarget } from '../../shared/commandArg';
import { maskKeyId } from '../../shared/keyIds';
import { withCancellableProgress } from '../../shared/progress';
import { reportFailure, type ResourceDeps } from '../resources/commandContext';
import { policiesOfEnvironment, policiesOfWorkspace, sessionValueOf, workspaceFiles, type PolicyPlace } from './sources';

/** Above this many keys in an environment, only the first are read (each is one request). */
export const MAX_REMOTE_KEYS = 200;

export interface AffectedKeyEntry {
  label: string;
  changed: boolean;
  uri: vscode.Uri;
}

export interface KeysAffectedResult {
  policy: string;
  keys: AffectedKeyEntry[];
  notes: string[];
}

interface PolicyTarget {
  id: string;
  name: string;
  environment?: string;
}

async function policyOf(arg: unknown): Promise<PolicyTarget> {
  if (isExplorerNode(arg)) {
    if (arg.resource?.type !== 'policy') throw new Error('Keys Affected works on a policy: pick a policy in the Svc Gateway view.');
    return { id: arg.resource.id, name: arg.label, environment: arg.environment };
  }
  const uri = typeof arg === 'string' ? vscode.Uri.parse(arg) : arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (!uri) throw new Error('Open a policy file (or pick a policy in the Svc Gateway view), then run Keys Affected.');
  const doc = await vscode.workspace.openTextDocument(uri);
  let value: unknown;
  try {
    value = JSON.parse(doc.getText());
  } catch {
    throw new Error(`${vscode.workspace.asRelativePath(uri)} is not valid JSON: fix it, then run Keys Affected again.`);
  }
  if (kindFromContent(value) !== 'policy') throw new Error(`${vscode.workspace.asRelativePath(uri)} is not a policy.`);
  const policy = parsePolicy(value);
  const id = policy.id || ((value as { _id?: string })._id ?? '');
  if (!id) throw new Error('This policy has no id yet: keys name policies by id.');
  return { id, name: policy.name || id, environment: uri.scheme === REMOTE_SCHEME ? parseRemoteUri(uri).environment : undefined };
}

async function environmentKeys(deps: ResourceDeps, environment: string, notes: string[]): Promise<Array<{ key: AffectedKeyEntry; session: Session }>> {
  const target = await resolveTarget(deps, { environment });
  const source = new ManagementSource(target.client);
  const out: Array<{ key: AffectedKeyEntry; session: Session }> = [];
  try {
    await withCancellableProgress(`Reading keys of ${environment}…`, async () => {
      const ids: string[] = [];
      for (let page = 1; ids.length < MAX_REMOTE_KEYS; page++) {
        const listed = await source.listKeys(page);
        ids.push(...listed.items.map((k) => k.id));
        if (!listed.pages || page >= listed.pages) break;
      }
      if (ids.length > MAX_REMOTE_KEYS) notes.push(`only the first ${MAX_REMOTE_KEYS} keys of ${environment} were read.`);
      for (const id of ids.slice(0, MAX_REMOTE_KEYS)) {
        try {
          const session = parseSession(sessionValueOf(await source.fetchDocument({ type: 'key', id })));
          const label = session.alias ? `'${session.alias}'` : maskKeyId(id);
          out.push({
            key: { label: `${label} (${environment})`, changed: false, uri: remoteUri(environment, { type: 'key', id }, session.alias || undefined) },
            session,
          });
        } catch {
          notes.push(`key ${maskKeyId(id)} of ${environment} could not be read.`);
        }
      }
    });
  } catch (err) {
    notes.push(`${environment} does not list its keys (${(err as Error).message}); only the workspace's keys were checked.`);
  }
  return out;
}

export async function keysAffected(deps: ResourceDeps, arg: unknown): Promise<KeysAffectedResult | undefined> {
  try {
    const target = await policyOf(arg);
    const notes: string[] = [];
    const files = workspaceFiles();
    const local = policiesOfWorkspace(files);
    let remote = new Map<string, PolicyPlace>();
    if (target.environment) remote = await policiesOfEnvironment(deps, target.environment);
    const first = target.environment ? [remote, local] : [local, remote];
    const lookup = (id: string) => first.find((m) => m.has(id))?.get(id)?.policy;
    const keys = files.flatMap(({ root, folder }) =>
      folder.keys.map((k) => ({
        key: { label: k.alias ? `'${k.alias}' (${k.file})` : k.file, changed: false, uri: vscode.Uri.joinPath(root, k.file) },
        session: k.session,
      })),
    );
    if (target.environment) keys.push(...(await environmentKeys(deps, target.environment, notes)));
    const named = keysNamingPolicy(
      target.id,
      keys.filter((k) => policyIdsOf(k.session).length > 0),
      lookup,
    );
    const entries = named.map((n) => ({ ...n.key, changed: n.changed })).sort((a, b) => Number(b.changed) - Number(a.changed));
    const result = { policy: target.id, keys: entries, notes };
    void show(target, result);
    return result;
  } catch (err) {
    return reportFailure(deps, 'Could not list the keys affected', err);
  }
}

async function show(target: PolicyTarget, result: KeysAffectedResult): Promise<void> {
  if (result.keys.length === 0) {
    void vscode.window.showInformationMessage(`No key names policy '${target.name}'.${result.notes.length ? ` ${result.notes.join(' ')}` : ''}`);
    return;
  }
  const picked = await vscode.window.showQuickPick(
    result.keys.map((k) => ({
      label: k.label,
      description: k.changed ? 'its access changes with this policy' : 'names it; its access would be the same without it',
      uri: k.uri,
    })),
    { title: `Svc: Keys Affected by '${target.name}'`, placeHolder: 'Open a key', ignoreFocusOut: true },
  );
  if (picked) await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(picked.uri), { preview: true });
}
