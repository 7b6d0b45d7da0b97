// Svc: Explain Access… — would the gateway let this key make this request, and why. Run on a
// key file, a key's read-only remote document, a key in the Svc Gateway view, or from the
// code lens above a key. Asks the API (from the key's effective access rights, or another id),
// the method and the path, then shows the answer with a link to each member that decided it.
import * as vscode from 'vscode';
import { applyPolicies } from '../../../../access/src/apply';
import { explainRequest, type ApiInfo, type Decider, type Explanation } from '../../../../access/src/explain';
import { findApi } from '../../../../access/src/folder';
import { isExplorerNode, resolveTarget } from '../../shared/commandArg';
import { withCancellableProgress } from '../../shared/progress';
import { FixedTextDocuments } from '../../shared/fixedTextDocuments';
import { reportFailure, type ResourceDeps } from '../resources/commandContext';
import { askText, pickOne } from '../resources/prompts';
import { lineOfPath, offsetOfPath, renderExplanation, type RenderedLink } from './render';
import {
  keyFromDocument,
  keyFromNode,
  policiesOfEnvironment,
  policiesOfWorkspace,
  workspaceFiles,
  type KeyPlace,
  type PolicyPlace,
  type WorkspaceFiles,
} from './sources';

export const ACCESS_SCHEME = 'svc-access';
const TITLE = 'Svc: Explain Access';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** The answers the command would ask for; given (by tests or callers), nothing is asked. */
export interface ExplainAnswers {
  api?: string;
  method?: string;
  path?: string;
  version?: string;
}

export interface ExplainAccessResult {
  explanation: Explanation;
  document: vscode.TextDocument;
  /** Each link of the answer: the text linked and where it goes (uri with the member's line). */
  links: Array<{ text: string; target: vscode.Uri; line: number }>;
}

interface Answer {
  place: KeyPlace;
  policies: Map<string, PolicyPlace>;
  api: ApiInfo;
  method: string;
  path: string;
  version?: string;
  notes: string[];
}

export class AccessDocuments extends FixedTextDocuments implements vscode.DocumentLinkProvider {
  private readonly linksByUri = new Map<string, vscode.DocumentLink[]>();
  private readonly registration: vscode.Disposable;
  constructor() {
    super({ scheme: ACCESS_SCHEME, goneText: 'This answer is closed; run Svc: Explain Access again.\n', maxEntries: 20 });
    this.registration = vscode.languages.registerDocumentLinkProvider({ scheme: ACCESS_SCHEME }, this);
  }
  setLinks(uri: vscode.Uri, links: vscode.DocumentLink[]): void {
    this.linksByUri.set(uri.toString(), links);
  }
  provideDocumentLinks(doc: vscode.TextDocument): vscode.DocumentLink[] {
    return this.linksByUri.get(doc.uri.toString()) ?? [];
  }
  override dispose(): void {
    this.registration.dispose();
    super.dispose();
  }
}

/** What the command was run on: a tree node, a uri (code lens, menus), or nothing (the active editor). */
async function keyOf(deps: ResourceDeps, arg: unknown): Promise<KeyPlace> {
  if (isExplorerNode(arg)) {
    const target = await resolveTarget(deps, arg);
    return withCancellableProgress(`Reading the key from ${target.environment.name}…`, () => keyFromNode(arg, target));
  }
  const uri = typeof arg === 'string' ? vscode.Uri.parse(arg) : arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (!uri) throw new Error('Open a key file (or pick a key in the Svc Gateway view), then run Explain Access.');
  return keyFromDocument(await vscode.workspace.openTextDocument(uri));
}

async function policiesFor(deps: ResourceDeps, place: KeyPlace, files: readonly WorkspaceFiles[], notes: string[]): Promise<Map<string, PolicyPlace>> {
  const local = policiesOfWorkspace(files);
  const ids = place.session.apply_policies.length ? place.session.apply_policies : place.session.apply_policy_id ? [place.session.apply_policy_id] : [];
  // A key from an environment is judged by that environment's policies; a file by the workspace's,
  // with the active environment filling in policies the workspace does not have.
  const needEnvironment = place.environment !== undefined || ids.some((id) => !local.has(id));
  let remote = new Map<string, PolicyPlace>();
  if (needEnvironment && ids.length) {
    try {
      remote = await withCancellableProgress('Reading policies…', (signal) => policiesOfEnvironment(deps, place.environment, signal));
    } catch (err) {
      notes.push(`the environment's policies could not be read (${(err as Error).message}); only the workspace's were used.`);
    }
  }
  const first = place.environment !== undefined ? [remote, local] : [local, remote];
  const merged = new Map<string, PolicyPlace>();
  for (const source of first) for (const [id, p] of source) if (!merged.has(id)) merged.set(id, p);
  return merged;
}

async function ask(deps: ResourceDeps, arg: unknown, given: ExplainAnswers): Promise<Answer> {
  const notes: string[] = [];
  const place = await keyOf(deps, arg);
  // The workspace is read once per question: its policies and its API definitions.
  const files = workspaceFiles();
  const policies = await policiesFor(deps, place, files, notes);
  const lookup = (id: string) => policies.get(id)?.policy;
  const effective = applyPolicies(place.session, lookup).session;
  const apis = files.flatMap((f) => f.folder.apis);
  let wanted = given.api;
  if (!wanted) {
    const items = [...effective.access_rights].map(([id, right]) => ({
      label: right.api_name || findApi(apis, id).api?.name || id,
      description: id,
      value: id,
    }));
    const other = await pickOne(TITLE, 'The API the request goes to', [...items, { label: 'Another API…', description: 'type its id', value: '' }]);
    wanted = other || (await askText(TITLE, 'The id of the API', { validate: (v) => (v.trim() ? undefined : 'Enter an API id.') }));
  }
  const found = findApi(apis, wanted).api;
  const right = effective.access_rights.get(wanted);
  const api: ApiInfo = found ?? { id: wanted, ...(right?.api_name ? { name: right.api_name } : {}) };
  if (!found) notes.push(`no definition of API '${wanted}' in the workspace: it is treated as not versioned.`);
  const method = (
    given.method ??
    (await pickOne(
      TITLE,
      'The method',
      METHODS.map((m) => ({ label: m, value: m })),
    ))
  ).toUpperCase();
  const path =
    given.path ??
    (await askText(TITLE, 'The path, as the gateway sees it after the listen path (for example /orders/1)', {
      value: '/',
      validate: (v) => (v.startsWith('/') ? undefined : 'Start the path with /.'),
    }));
  return { place, policies, api, method, path, ...(given.version ? { version: given.version } : {}), notes };
}

export async function explainAccess(
  deps: ResourceDeps,
  documents: AccessDocuments,
  arg: unknown,
  given: ExplainAnswers = {},
): Promise<ExplainAccessResult | undefined> {
  try {
    const a = await ask(deps, arg, given);
    const explanation = explainRequest(a.place.session, (id) => a.policies.get(id)?.policy, {
      api: a.api,
      method: a.method,
      path: a.path,
      ...(a.version ? { version: a.version } : {}),
    });
    const placeOf = (d: Decider) => (d.in === 'key' ? `key ${a.place.label}` : (a.policies.get(d.policy ?? '')?.label ?? `policy '${d.policy}' (not found)`));
    const apiLabel = a.api.name ? `'${a.api.name}' (${a.api.id})` : `'${a.api.id}'`;
    const rendered = renderExplanation(explanation, { keyLabel: a.place.label, apiLabel, method: a.method, path: a.path, placeOf, notes: a.notes });
    const uri = vscode.Uri.from({
      scheme: ACCESS_SCHEME,
      path: `/Explain Access ${a.method} ${a.path.replace(/[^\w.-]+/g, '_')}.md`,
      query: String(Date.now()),
    });
    documents.set(uri, rendered.text);
    const links = rendered.links.flatMap((l) => linkOf(l, a));
    documents.setLinks(
      uri,
      links.map((l) => new vscode.DocumentLink(l.range, l.target)),
    );
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    deps.log.info(`explain access: ${explanation.allowed ? 'allowed' : 'denied'} ${a.method} ${a.path} on ${a.api.id}`);
    return { explanation, document: doc, links: links.map((l) => ({ text: doc.getText(l.range), target: l.target, line: l.line })) };
  } catch (err) {
    return reportFailure(deps, 'Could not explain access', err);
  }
}

function linkOf(l: RenderedLink, a: Answer): Array<{ range: vscode.Range; target: vscode.Uri; line: number }> {
  const where = l.decider.in === 'key' ? { uri: a.place.uri, text: a.place.text } : a.policies.get(l.decider.policy ?? '');
  if (!where?.uri) return [];
  const path = l.decider.in === 'key' ? [...a.place.prefix, ...l.decider.path] : l.decider.path;
  const line = where.text ? lineOfPath(where.text, path, offsetOfPath) : 0;
  return [{ range: new vscode.Range(l.line, l.start, l.line, l.end), target: where.uri.with({ fragment: `L${line + 1}` }), line }];
}
