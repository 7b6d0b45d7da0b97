// The push pipeline: one document to one environment, with every check before anything is sent.
// Used by "Push", by saving an `svc:` document (edit remote) and by "Create API from Example"
// (workflows/examples). Free of `vscode`: the questions go through PushUi (VS Code modals in
// vscodePushUi.ts; scripted answers in tests), the client comes from the caller.
//
// Order: parse → kind → error diagnostics (user may override) → read the remote now →
// conflict check against what was pulled/opened (three-way facts) → no-op check → choices the
// kind needs (OAS create/version, streams PUT/PATCH, key id) → route → diff → confirm → send →
// read back (the new remote hash) → offer a reload for gateway-style classic writes.
import { detectKind } from '../../../common/src/detection';
import { formatOfFile, parseDefinitionText } from './documentFormat';
import type { DocumentKind } from '../../../common/src/kinds';
import type { ManagementClient } from '../../../api/src/client';
import { formatDocument, hashDocument, sameDocument } from './canonicalJson';
import { MissingServerSecretError, placeholderPaths, restoreSecrets } from './keySecrets';
import { apiIdOfKey, hasDashboardCredential, hasGatewayCredential, idInDocument, readRemote, type RemoteSnapshot } from './remoteReader';
import { isRefusal, planPush, type OasVersionChoice, type PushChoices, type PushRoute, type StreamsPatchParameters } from './routing';
import { SYNC_KIND_LABELS, syncKindOf, type RemoteTarget, type SyncKind } from './syncKinds';
import { isManagementApiError } from '../../../api/src/errors';
import { NO_RELOAD_MESSAGE, reloadKnownMissing } from '../../../api/src/specFallbacks';

/** What the user pulled or opened: the base a conflict is measured against. */
export interface PushBase {
  remoteHash: string;
  /** The remote as pulled, when still available (for "Show remote changes"). */
  remoteText?: string;
}

export interface ConflictFacts {
  name: string;
  environment: string;
  kind: SyncKind;
  /** The remote as pulled/opened (undefined when its snapshot is gone). */
  pulledText?: string;
  /** The remote now (undefined when it was deleted). */
  nowText?: string;
  mineText: string;
  deleted: boolean;
}

export type ConflictDecision = 'overwrite' | 'pull' | 'cancel';

export interface SendSummary {
  name: string;
  environment: string;
  kind: SyncKind;
  route: PushRoute;
  /** True when no pull is recorded for this file: the remote is replaced without a base. */
  unrecorded: boolean;
}

/** The questions of a push. Each may resolve to "cancel" (undefined/false). */
export interface PushUi {
  confirmDespiteErrors(name: string, errors: readonly string[]): Promise<boolean>;
  resolveConflict(facts: ConflictFacts): Promise<ConflictDecision>;
  /** OAS create: a new API (`'new'`), a new version of a base API, or cancel. */
  chooseOasCreate(context: {
    name: string;
    environment: string;
    client: ManagementClient;
    signal?: AbortSignal;
  }): Promise<OasVersionChoice | 'new' | undefined>;
  /** Streams: the whole document (`'put'`), only the OAS part with parameters, or cancel. */
  chooseStreamsUpdate(name: string): Promise<StreamsPatchParameters | 'put' | undefined>;
  /** Keys over the gateway: the key id (asked, never stored). */
  askKeyId(name: string): Promise<string | undefined>;
  /** Shows remote (left) against the document being pushed (right). */
  showDiff(remoteText: string, title: string): Promise<void>;
  confirmSend(summary: SendSummary): Promise<boolean>;
  /** After a gateway-style classic push: true when the user wants the reload now. */
  offerReload(message: string): Promise<boolean>;
}

export interface PushRequest {
  environment: string;
  /** Display name (file name or `svc:` path). */
  name: string;
  /** URI of the document (kind detection by associations; the diff's right side). */
  uri: string;
  text: string;
  /** From the state file or the `svc:` URI; undefined for a document never pulled. */
  target?: RemoteTarget;
  /**
   * The document's kind as the editor knows it (the language server's answer, or detection
   * with the user's `svc.files.associations`); when absent, detected here by content.
   */
  kind?: DocumentKind;
  base?: PushBase;
  /** Messages of the document's error diagnostics. */
  errors: readonly string[];
  choices?: PushChoices;
  signal?: AbortSignal;
}

export type PushStatus = 'pushed' | 'no-op' | 'cancelled' | 'refused' | 'pull-requested';

export interface PushOutcome {
  status: PushStatus;
  /** A sentence for the user. */
  message: string;
  kind?: SyncKind;
  target?: RemoteTarget;
  route?: PushRoute;
  /** After a push or a no-op: the remote as it is now, and its hash. */
  remoteDocument?: unknown;
  remoteHash?: string;
  /** The pushed document's normalised hash (the file's new recorded hash). */
  localHash?: string;
  /** Gateway-style classic push: was the reload done? */
  reloaded?: boolean;
}

export interface PushDeps {
  clientFor(environment: string): Promise<ManagementClient>;
  ui: PushUi;
  log?: (line: string) => void;
}

const refused = (message: string, kind?: SyncKind): PushOutcome => ({ status: 'refused', message, kind });
const cancelled = (kind?: SyncKind): PushOutcome => ({ status: 'cancelled', message: 'Push cancelled; nothing was sent.', kind });

export async function pushDocument(deps: PushDeps, request: PushRequest): Promise<PushOutcome> {
  const { ui } = deps;
  const { environment, name, signal } = request;
  let document: unknown;
  try {
    // A YAML file is sent as JSON: the value the editor validated (documentFormat.ts).
    document = parseDefinitionText(request.uri ?? name, request.text);
  } catch (err) {
    const format = formatOfFile(request.uri ?? name) === 'yaml' ? 'YAML' : 'JSON';
    const why = err instanceof Error ? err.message.replace(/^not valid YAML for the gateway \((.*)\)$/, '$1') : String(err);
    return refused(`${name} is not valid ${format} (${why}): fix it before pushing.`);
  }
  if (request.target?.publicMode) {
    return refused(
      `${name} was pulled with mode=public, without the x-svc-api-gateway extension: ` +
        `it cannot be pushed back. Pull the API again with the extension to edit and push it.`,
      'oas',
    );
  }
  const kind = request.target?.kind ?? syncKindOf(request.kind ?? detectKind(request.uri, document)?.kind);
  if (!kind) {
    return refused(
      `${name} is not a document push knows (classic, OAS or streams API, policy, key): ` +
        `it is detected by its content, so check that it has the members of one of these.`,
    );
  }

  if (request.errors.length > 0 && !(await ui.confirmDespiteErrors(name, request.errors))) {
    return { ...cancelled(kind), message: `Push cancelled: ${name} has ${request.errors.length} error(s); fix them (see Problems) or push anyway.` };
  }

  const client = await deps.clientFor(environment);
  const id = request.target?.id ?? idInDocument(kind, document);
  const apiId = kind === 'key' ? (apiIdOfKey(document) ?? request.target?.apiId) : undefined;
  const target: RemoteTarget | undefined = id ? { kind, id, ...(apiId ? { apiId } : {}) } : undefined;
  const remote: RemoteSnapshot = target ? await readRemote(client, target, { signal }) : { exists: false };
  const remoteText = remote.exists ? formatDocument(remote.document) : undefined;
  const mineText = formatDocument(document);

  // Somebody changed (or deleted) the remote since it was pulled or opened: stop and say so.
  const remoteHash = remote.exists ? hashDocument(kind, remote.document) : undefined;
  if (request.base && remoteHash !== request.base.remoteHash) {
    const decision = await ui.resolveConflict({
      name,
      environment,
      kind,
      pulledText: request.base.remoteText,
      nowText: remoteText,
      mineText,
      deleted: !remote.exists,
    });
    if (decision === 'cancel')
      return { ...cancelled(kind), target, message: `Push cancelled: ${name} changed on '${environment}' since you pulled it; nothing was sent.` };
    if (decision === 'pull')
      return {
        status: 'pull-requested',
        kind,
        target,
        message: `${name} changed on '${environment}' since you pulled it: pull it again.`,
        remoteDocument: remote.document,
        remoteHash,
      };
    deps.log?.(`push ${name}: the remote changed since the pull; the user chose to overwrite`);
  }

  const choices: PushChoices = { ...request.choices };
  if (remote.exists && !choices.oasVersion && sameDocument(kind, document, remote.document)) {
    return {
      status: 'no-op',
      kind,
      target,
      remoteDocument: remote.document,
      remoteHash,
      localHash: hashDocument(kind, document),
      message: `No changes: ${name} is the same as the ${SYNC_KIND_LABELS[kind]} on '${environment}'; nothing was sent.`,
    };
  }

  // The questions only some kinds need.
  if (kind === 'oas' && !remote.exists && !choices.oasVersion) {
    const choice = await ui.chooseOasCreate({ name, environment, client, signal });
    if (!choice) return cancelled(kind);
    if (choice !== 'new') choices.oasVersion = choice;
  }
  if (kind === 'streams' && remote.exists && !choices.streamsPatch && !choices.streamsPut) {
    const choice = await ui.chooseStreamsUpdate(name);
    if (!choice) return cancelled(kind);
    if (choice !== 'put') choices.streamsPatch = choice;
  }
  const credentials = { gateway: hasGatewayCredential(client), dashboard: hasDashboardCredential(client) };
  if (kind === 'key' && !credentials.dashboard && credentials.gateway && !choices.keyId) {
    const keyId = await ui.askKeyId(name);
    if (!keyId) return cancelled(kind);
    choices.keyId = keyId;
  }

  // Placeholders in a key file mean "keep the server's value": put it back just for the request.
  let sendable: unknown = document;
  if (kind === 'key' && placeholderPaths(document).length > 0) {
    const withSecrets = remote.exists && target ? await readRemote(client, target, { signal, withSecrets: true }) : { exists: false };
    try {
      sendable = restoreSecrets(document, withSecrets.exists ? withSecrets.document : {});
    } catch (err) {
      if (err instanceof MissingServerSecretError) return refused(`${name}: ${err.message}`, kind);
      throw err;
    }
  }
  const route = planPush({ kind, document: sendable, id, apiId, exists: remote.exists, credentials, dashboardRecord: remote.dashboardRecord, choices });
  if (isRefusal(route)) return refused(route.refused, kind);

  await ui.showDiff(remoteText ?? '', `${name}: ${route.operation === 'create' ? `new on '${environment}'` : `'${environment}' now`} ↔ to be pushed`);
  if (!(await ui.confirmSend({ name, environment, kind, route, unrecorded: !request.base && remote.exists }))) return { ...cancelled(kind), route };

  const newId = await route.send(client, signal);
  const pushedTarget: RemoteTarget = { kind, id: newId || id || '', ...(apiId ? { apiId } : {}) };
  deps.log?.(`pushed ${name} to '${environment}' through ${route.endpoint} (${route.operation}, id ${kind === 'key' ? '<key hash>' : pushedTarget.id})`);

  // The new remote, for the state file (and to prove the write landed).
  const after = await readRemote(client, pushedTarget, { signal });
  const outcome: PushOutcome = {
    status: 'pushed',
    kind,
    route,
    target: pushedTarget,
    remoteDocument: after.document,
    remoteHash: after.exists ? hashDocument(kind, after.document) : undefined,
    localHash: hashDocument(kind, document),
    message: `Pushed ${name} to '${environment}' (${route.endpoint}).`,
  };
  if (route.reloadNeeded) {
    const noReload = `Pushed ${name} to '${environment}'. ${NO_RELOAD_MESSAGE}`;
    if (reloadKnownMissing(client)) {
      // Learned earlier this session: do not offer what the server cannot do.
      outcome.message = noReload;
      outcome.reloaded = false;
      return outcome;
    }
    const message = `Pushed ${name} to '${environment}'. The gateway stored the definition but still serves the previous one until it reloads.`;
    outcome.message = message;
    if (await ui.offerReload(message)) {
      try {
        await client.reloadGateway({ signal });
        outcome.reloaded = true;
        outcome.message = `Pushed ${name} to '${environment}' and reloaded the gateway: the definition is live.`;
      } catch (err) {
        if (!isManagementApiError(err, 'missing-endpoint')) throw err;
        outcome.reloaded = false;
        outcome.message = noReload;
      }
    } else {
      outcome.reloaded = false;
    }
  }
  return outcome;
}
