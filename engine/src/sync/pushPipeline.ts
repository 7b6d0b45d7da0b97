// The push pipeline: one document to one environment, with every check before anything is sent.
// Used by "Push", by saving an `svc:` document (edit remote) and by "Create API from Example"
// (workflows/examples). Free of `vscode`: the questions go through PushUi (VS Code modals in
// vscodePushUi.ts; scripted answers in tests), the client comes from the caller.
//
// Order: parse → kind → error diagnostics (user may override) → read the remote now (or take
// the caller's read of it: `known`) → conflict check against what was pulled/opened (three-way
// facts) → no-op check → choices the kind needs (OAS create/version, streams PUT/PATCH, key id) →
// route → diff → confirm → send → read back the document (the new remote hash) → offer a reload
// for gateway-style classic writes.
import { jsonSyntaxProblem } from './jsonProblem';
import { detectKind } from '../../../common/src/detection';
import { formatOfFile, parseDefinitionText } from './documentFormat';
import { formatDocument, hashDocument, sameDocument } from './canonicalJson';
import { MissingServerSecretError, placeholderPaths, restoreSecrets } from './keySecrets';
import { apiIdOfKey, hasDashboardCredential, hasGatewayCredential, idInDocument, readRemote, readRemoteAgain, type RemoteSnapshot } from './remoteReader';
import { isRefusal, planPush, type PushChoices } from './routing';
import { SYNC_KIND_LABELS, syncKindOf, type RemoteTarget, type SyncKind } from './syncKinds';
import type { ManagementClient } from '../../../api/src/client';
import { isManagementApiError } from '../../../api/src/errors';
import { NO_RELOAD_MESSAGE, reloadKnownMissing } from '../../../api/src/specFallbacks';
import type { MergeSide } from '../diff/merge';
import { mergeWithServer } from './pushMerge';
import type { FileMerge } from './mergeFile';

export type { MergeConflictFacts, MergeFacts } from './pushTypes';

export type { ConflictDecision, ConflictFacts, PushBase, PushDeps, PushOutcome, PushRequest, PushStatus, PushUi, SendSummary } from './pushTypes';
import type { MergeFacts, PushDeps, PushOutcome, PushRequest, SendSummary } from './pushTypes';

const refused = (message: string, kind?: SyncKind): PushOutcome => ({ status: 'refused', message, kind });
const cancelled = (kind?: SyncKind): PushOutcome => ({ status: 'cancelled', message: 'Push cancelled; nothing was sent.', kind });

export async function pushDocument(deps: PushDeps, request: PushRequest): Promise<PushOutcome> {
  const { ui } = deps;
  const { environment, name, signal } = request;
  let document: unknown;
  let text = request.text;
  try {
    // A YAML file is sent as JSON: the value the editor validated (documentFormat.ts).
    document = parseDefinitionText(request.uri ?? name, request.text);
  } catch (err) {
    const format = formatOfFile(request.uri ?? name) === 'yaml' ? 'YAML' : 'JSON';
    // Stryker disable next-line Regex: parseDefinitionText writes this whole sentence, so without ^ or $ the pattern matches the same text
    const why = (err instanceof Error ? err.message.replace(/^not valid YAML for the gateway \((.*)\)$/, '$1') : String(err)).replace(/\.$/, '');
    // JSON: where it stops being JSON, by line and column; YAML: the parser's own sentence.
    const where = format === 'JSON' ? (jsonSyntaxProblem(request.text) ?? `(${why})`) : `(${why})`;
    return refused(`${name} is not valid ${format} ${where}. Fix it before pushing.`);
  }
  // Every document push sends is one object (an API, a policy, a key): `null` or a list would be sent as a body.
  if (!document || typeof document !== 'object' || Array.isArray(document)) {
    const holds = document === null ? 'null' : Array.isArray(document) ? 'a list' : `a ${typeof document}`;
    return refused(`${name} holds ${holds}, not an object: push sends one API, policy or key. Fix it before pushing.`, request.target?.kind);
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
  // Stryker disable next-line ObjectLiteral: `{}` is absent too (exists is only tested for truth)
  const remote: RemoteSnapshot = target ? await remoteNow(client, target, request) : { exists: false };
  const remoteText = remote.exists ? formatDocument(remote.document) : undefined;
  const mineText = formatDocument(document);

  // Somebody changed (or deleted) the remote since it was pulled or opened: merge, else stop and say so.
  const remoteHash = remote.exists ? hashDocument(kind, remote.document) : undefined;
  let fileMerge: FileMerge | undefined;
  if (request.base && remoteHash !== request.base.remoteHash) {
    const merged = await mergeWithServer(ui, { ...request, kind, document, remote });
    if (merged?.status === 'conflicts') {
      const list = merged.conflicts.map((c) => c.display).join(', ');
      return {
        ...cancelled(kind),
        target,
        conflicts: merged.conflicts,
        message: `Push cancelled: ${name} and '${environment}' both changed ${list} since you pulled it; nothing was sent and the file is unchanged.`,
      };
    }
    if (merged) {
      fileMerge = merged.merge;
      document = fileMerge.value;
      text = fileMerge.text;
    }
  }
  // The server moved and the file could not be merged with it (its pulled version is gone): asked,
  // unless the file already equals the server's version, where there is nothing to overwrite.
  const sameAsServer = remote.exists && sameDocument(kind, document, remote.document);
  if (request.base && remoteHash !== request.base.remoteHash && !fileMerge && !sameAsServer) {
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
  if (sameAsServer && !choices.oasVersion) {
    if (fileMerge) {
      // The merge brought the server's changes in and the file had nothing else: nothing to send.
      await request.writeMerged!(text);
      return {
        status: 'no-op',
        kind,
        target,
        remoteDocument: remote.document,
        remoteHash,
        localHash: hashDocument(kind, document),
        merge: { ...mergeInfo(fileMerge), written: true },
        message:
          `Merged the changes on '${environment}' (${displays(fileMerge.fromServer)}) into ${name}: ` + "it now equals the server's version; nothing was sent.",
      };
    }
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
  // The dashboard updates a key it can address (its hash); anything else goes through the gateway, which needs the id typed.
  if (kind === 'key' && credentials.gateway && !choices.keyId && !(credentials.dashboard && id)) {
    const keyId = await ui.askKeyId(name);
    if (!keyId) return cancelled(kind);
    choices.keyId = keyId;
  }

  // Placeholders in a key file mean "keep the server's value": put it back just for the request.
  let sendable: unknown = document;
  if (kind === 'key' && placeholderPaths(document).length > 0) {
    // Stryker disable next-line LogicalOperator: the remote was read from target, so it exists only with one; `||` rereads an absent key, to the same absence
    const server = remote.exists && target ? (await readRemote(client, target, { signal, withSecrets: true })).document : undefined;
    try {
      sendable = restoreSecrets(document, server);
    } catch (err) {
      // Stryker disable next-line ConditionalExpression: restoreSecrets throws nothing else (it clones and walks a parsed JSON value)
      if (err instanceof MissingServerSecretError) return refused(`${name}: ${err.message}`, kind);
      throw err;
    }
  }
  const route = planPush({ kind, document: sendable, id, apiId, exists: remote.exists, credentials, dashboardRecord: remote.dashboardRecord, choices });
  if (isRefusal(route)) return refused(route.refused, kind);

  const summary: SendSummary = { name, environment, kind, route, unrecorded: !request.base && remote.exists };
  if (fileMerge) {
    const info = mergeInfo(fileMerge);
    const facts: MergeFacts = {
      summary,
      // Stryker disable next-line StringLiteral: a merge needs the server's version (pushMerge.ts), so remoteText is always there
      remoteText: remoteText ?? '',
      mergedText: text,
      mergedDocument: document,
      fromServer: info.fromServer,
      fromFile: info.fromFile,
      resolved: info.resolved,
    };
    if (!(await ui.confirmMerge!(facts))) {
      return { ...cancelled(kind), route, message: `Push cancelled: nothing was sent and ${name} is unchanged (the merge was not written).` };
    }
    await request.writeMerged!(text);
  } else {
    const title = `${name}: ${route.operation === 'create' ? `new on '${environment}'` : `'${environment}' now`} ↔ to be pushed`;
    await ui.showDiff(remoteText ?? '', title, document);
    if (!(await ui.confirmSend(summary))) return { ...cancelled(kind), route };
  }

  const newId = await route.send(client, signal);
  const pushedTarget: RemoteTarget = { kind, id: newId || id || '', ...(apiId ? { apiId } : {}) };
  deps.log?.(`pushed ${name} to '${environment}' through ${route.endpoint} (${route.operation}, id ${kind === 'key' ? '<key hash>' : pushedTarget.id})`);

  // The new remote, for the state file (and to prove the write landed): its document is the base;
  // an OAS API's dashboard record is not read again (issue 32).
  const after = await readRemote(client, pushedTarget, { signal, withoutRecord: true });
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
  if (fileMerge) {
    outcome.merge = { ...mergeInfo(fileMerge), written: true };
    const from = displays(fileMerge.fromServer);
    outcome.message = `Merged ${name} with the changes on '${environment}' and pushed it (${route.endpoint}). From the server: ${from}.`;
  }
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

/** The server's version of `target` now: read here, or the caller's read of it (`known`), taken or proven. */
function remoteNow(client: ManagementClient, target: RemoteTarget, request: PushRequest): Promise<RemoteSnapshot> {
  const { known, signal } = request;
  const same = known && known.target.kind === target.kind && known.target.id === target.id && known.target.apiId === target.apiId;
  if (!same) return readRemote(client, target, { signal });
  if (known.use === 'as-read') return Promise.resolve(known.snapshot);
  return readRemoteAgain(client, target, known.snapshot, { signal });
}

const displays = (changes: ReadonlyArray<{ display: string }>) => (changes.length ? changes.map((c) => c.display).join(', ') : 'nothing');

function mergeInfo(merge: {
  text: string;
  fromServer: Array<{ display: string }>;
  fromFile: Array<{ display: string }>;
  resolved: Array<{ display: string; choice: MergeSide }>;
}) {
  return {
    text: merge.text,
    fromServer: merge.fromServer.map((c) => c.display),
    fromFile: merge.fromFile.map((c) => c.display),
    resolved: merge.resolved.map((c) => `${c.display} (${c.choice === 'ours' ? 'mine' : 'theirs'})`),
  };
}
