// Where Explain Access and Keys Affected find keys, policies and APIs: the document or tree node
// the command was run on, the workspace's files (pulled or written by hand) and the environment's
// listings. A key read from the environment shows its id masked, as everywhere.
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { readFolder, type Folder } from '../../../../access/src/folder';
import { parsePolicy, parseSession, type Policy, type Session } from '../../../../access/src/model';
import { kindFromContent } from '../../../../common/src/detection';
import { ManagementSource } from '../../explorer/managementSource';
import type { ExplorerNode } from '../../explorer/nodes';
import { parseRemoteUri, REMOTE_SCHEME, remoteUri } from '../../explorer/remoteDocuments';
import { maskKeyId } from '../../shared/keyIds';
import type { ResourceDeps } from '../resources/commandContext';
import type { Target } from '../../shared/commandArg';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A policy and the document that holds it (a workspace file, or the environment's read-only view). */
export interface PolicyPlace {
  policy: Policy;
  name: string;
  uri: vscode.Uri;
  /** The document's text, for the lines of its members. */
  text: string;
  label: string;
}

/** A key and the document that holds it. */
export interface KeyPlace {
  session: Session;
  label: string;
  uri?: vscode.Uri;
  text?: string;
  environment?: string;
  /** Where the key's members sit in `text`: `['data']` in a key result ({ key_id, data }). */
  prefix: string[];
}

/** A remote key document holds the key result ({ key_id, data }); a file or gateway body holds the key itself. */
export function sessionValueOf(value: unknown): unknown {
  if (isObject(value) && isObject(value.data) && kindFromContent(value) !== 'session') return value.data;
  return value;
}

export function keyFromDocument(doc: vscode.TextDocument): KeyPlace {
  let value: unknown;
  try {
    value = JSON.parse(doc.getText());
  } catch {
    throw new Error(`${vscode.workspace.asRelativePath(doc.uri)} is not valid JSON: fix it, then run Explain Access again.`);
  }
  const session = sessionValueOf(value);
  if (!isObject(session) || kindFromContent(session) !== 'session')
    throw new Error(
      `${vscode.workspace.asRelativePath(doc.uri)} is not a key: run Explain Access on a key file, a key's remote document or a key in the Svc Gateway view.`,
    );
  const parsed = parseSession(session);
  const remote = doc.uri.scheme === REMOTE_SCHEME ? parseRemoteUri(doc.uri) : undefined;
  const label = parsed.alias ? `'${parsed.alias}'` : remote?.ref.type === 'key' ? maskKeyId(remote.ref.id) : vscode.workspace.asRelativePath(doc.uri);
  return { session: parsed, label, uri: doc.uri, text: doc.getText(), environment: remote?.environment, prefix: session === value ? [] : ['data'] };
}

export async function keyFromNode(node: ExplorerNode, target: Target): Promise<KeyPlace> {
  if (node.resource?.type !== 'key') throw new Error('Explain Access works on a key: pick a key in the Svc Gateway view.');
  const ref = node.resource;
  const value = await new ManagementSource(target.client).fetchDocument(ref);
  const inner = sessionValueOf(value);
  const session = parseSession(inner);
  const uri = remoteUri(node.environment, ref, node.label);
  const label = session.alias ? `'${session.alias}'` : maskKeyId(ref.id);
  return { session, label, uri, text: `${JSON.stringify(value, null, 2)}\n`, environment: node.environment, prefix: inner === value ? [] : ['data'] };
}

export interface WorkspaceFiles {
  root: vscode.Uri;
  folder: Folder;
}

/** The workspace's own files: policies, API definitions and keys of every folder opened on disk. */
export function workspaceFiles(): WorkspaceFiles[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ root: f.uri, folder: readFolder(f.uri.fsPath) }));
}

export function policiesOfWorkspace(files: readonly WorkspaceFiles[]): Map<string, PolicyPlace> {
  const out = new Map<string, PolicyPlace>();
  for (const { root, folder } of files) {
    for (const [id, p] of folder.policies) {
      if (out.has(id)) continue;
      const uri = vscode.Uri.joinPath(root, p.file);
      let text = '';
      try {
        text = readFileSync(uri.fsPath, 'utf8');
      } catch {
        // Removed since it was read: the link goes to the file's first line.
      }
      out.set(id, { policy: p.policy, name: p.name, uri, text, label: p.file });
    }
  }
  return out;
}

/** The environment's policies (endpoint: list policies), each with its read-only view. */
export async function policiesOfEnvironment(deps: ResourceDeps, environment: string | undefined, signal?: AbortSignal): Promise<Map<string, PolicyPlace>> {
  const out = new Map<string, PolicyPlace>();
  const env = deps.resolveEnvironment(environment);
  if (!env) return out;
  const client = await deps.clientFor(env);
  for (const raw of await client.listPolicies({ signal })) {
    const policy = parsePolicy(raw);
    const name = policy.name || policy.id;
    for (const id of [policy.id, (raw as { _id?: string })._id]) {
      if (!id || out.has(id)) continue;
      out.set(id, {
        policy,
        name,
        uri: remoteUri(env.name, { type: 'policy', id: policy.id || id }, name),
        text: `${JSON.stringify(raw, null, 2)}\n`,
        label: `policy '${name}' (${env.name})`,
      });
    }
  }
  return out;
}
