// The SyncUi on VS Code: modal dialogs for decisions that can lose work, quick picks and input
// boxes for choices, a diff editor for remote ↔ local.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ManagementClient } from '../../../../api/src/client';
import { summariseApi } from '../../explorer/apiSummaries';
import type { OverwriteDecision, OverwriteReason } from './pull';
import type { ConflictDecision, ConflictFacts, PushUi, SendSummary } from './pushPipeline';
import type { RemoteDiffDocuments } from './remoteDiffDocuments';
import type { PullIntoFacts, SyncUi } from './syncUi';
import type { PullInto } from '../../../../engine/src/environments/pullDefinition';
import { intoQuestion } from '../promote/pullQuestions';
import type { OasVersionChoice, StreamsPatchParameters } from './routing';
import { SYNC_KIND_LABELS } from './syncKinds';
import { COMPARE_COMMAND } from './compareView';
import { listAllApis } from '../../../../api/src/specFallbacks';
import { chooseConflictSides, confirmMergedPush } from './vscodeMergeUi';
import { mergedDiffText, pushedDiffText } from './pushDiffText';

export interface VscodePushUiOptions {
  /** The document being pushed: the right side of the diff. */
  documentUri: vscode.Uri;
  diffs: RemoteDiffDocuments;
  /** Runs the reload when the user clicks "Reload gateway" on the notification. */
  reload: () => Promise<unknown>;
}

const MODAL = { modal: true } as const;
/** The conflict notice's button that opens Compare with Environment (the push stops; nothing is sent). */
const COMPARE = 'Compare with Environment';

/** The push's questions, plus closing the diff editors it opened once the push went through. */
export interface VscodePushUi extends PushUi {
  closeDiffs(): Promise<void>;
}

/** The questions of pull and push on VS Code. */
export function vscodeSyncUi(diffs: RemoteDiffDocuments): SyncUi {
  return {
    push: (options) => createVscodePushUi({ ...options, diffs }),
    askPullMode,
    askOverwrite,
    resolveMergeConflicts: (facts) => chooseConflictSides(facts),
    askPullInto,
  };
}

/** Definition or overlay (a modal: the answer decides what other environments get); Cancel writes nothing. */
export async function askPullInto(facts: PullIntoFacts): Promise<PullInto | undefined> {
  const question = intoQuestion(facts);
  const choice = await vscode.window.showWarningMessage(question.message, { ...MODAL, detail: question.detail }, question.overlay, question.base);
  return choice === question.base ? 'base' : choice === question.overlay ? 'overlay' : undefined;
}

export function createVscodePushUi(options: VscodePushUiOptions): VscodePushUi {
  const { diffs } = options;
  // One diff tab per pushed document: a new push of it replaces the tab an earlier one left.
  const openDiff = (left: vscode.Uri, right: vscode.Uri, title: string): Promise<void> => diffs.openDiffFor(options.documentUri, left, right, title);

  return {
    async confirmDespiteErrors(name, errors) {
      const shown = errors
        .slice(0, 3)
        .map((e) => `• ${e}`)
        .join('\n');
      const more = errors.length > 3 ? `\n… and ${errors.length - 3} more (see Problems)` : '';
      const choice = await vscode.window.showWarningMessage(
        `${name} has ${errors.length} error(s). The server will probably refuse it.`,
        { ...MODAL, detail: `${shown}${more}\n\nFix them first, or push anyway.` },
        'Push Anyway',
      );
      return choice === 'Push Anyway';
    },

    async resolveConflict(facts: ConflictFacts): Promise<ConflictDecision> {
      const what = facts.deleted ? 'was deleted' : 'changed';
      // Show what changed first, then ask without a modal dialog, so the diff can be read while deciding.
      if (!facts.deleted) {
        const left = diffs.create(`${facts.name}.pulled.json`, facts.pulledText ?? '');
        const right = diffs.create(`${facts.name}.now.json`, facts.nowText ?? '');
        await openDiff(left, right, `${facts.name}: as pulled ↔ on '${facts.environment}' now`);
      }
      const shown = facts.deleted ? '' : ' The diff shows what changed there.';
      // Compare with Environment (a pulled file against the server, path by path) where the file is one.
      const compare = options.documentUri.scheme === 'file' ? [COMPARE] : [];
      const choice = await vscode.window.showWarningMessage(
        `The ${SYNC_KIND_LABELS[facts.kind]} ${facts.name} ${what} on '${facts.environment}' since you pulled it. Nothing was sent.${shown} ` +
          `${compare.length ? 'Compare shows each changed path, mine and theirs; ' : ''}` +
          "Overwrite replaces the server's version with yours; Pull saves yours as a copy and brings the server's version into the file.",
        ...compare,
        'Overwrite',
        'Pull (keep mine as a copy)',
        'Cancel',
      );
      if (choice === 'Overwrite') return 'overwrite';
      if (choice === 'Pull (keep mine as a copy)') return 'pull';
      if (choice === COMPARE) void vscode.commands.executeCommand(COMPARE_COMMAND, options.documentUri);
      return 'cancel';
    },

    async chooseOasCreate({ name, environment, client, signal }) {
      const how = await vscode.window.showQuickPick(
        [
          { label: 'Create as a new API', value: 'new' as const },
          { label: 'Create as a new version of an existing OAS API…', description: 'base_api_id, new_version_name, set_default', value: 'version' as const },
        ],
        { title: `Push ${name} to '${environment}': the API does not exist there`, ignoreFocusOut: true },
      );
      if (!how) return undefined;
      if (how.value === 'new') return 'new';
      return askVersion(client, signal);
    },

    async chooseStreamsUpdate(name): Promise<StreamsPatchParameters | 'put' | undefined> {
      const how = await vscode.window.showQuickPick(
        [
          { label: 'Replace the whole streams API', description: 'PUT /api/apis/streams/{apiId}', value: 'put' as const },
          { label: 'Update only the OAS part…', description: 'PATCH /api/apis/streams/{apiId} with import parameters', value: 'patch' as const },
        ],
        { title: `Push ${name}`, ignoreFocusOut: true },
      );
      if (!how) return undefined;
      return how.value === 'put' ? 'put' : askPatchParameters();
    },

    async askKeyId(name) {
      return vscode.window.showInputBox({
        title: `Push ${name} through the gateway`,
        prompt: 'The key id (POST /svc/keys/{keyID}). It is a credential: it is not stored anywhere.',
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : 'Enter the key id.'),
      });
    },

    async confirmMerge(facts) {
      // The server's version now (left) against the merged file (right), then the question. A YAML
      // file's merged text is YAML: its merged document is shown as JSON, as the server's is.
      const left = diffs.create(`${facts.summary.name}.${facts.summary.environment}.json`, facts.remoteText);
      const right = diffs.create(`${facts.summary.name}.merged.json`, mergedDiffText(options.documentUri.path, facts));
      await openDiff(left, right, `${facts.summary.name}: '${facts.summary.environment}' now ↔ merged`);
      return confirmMergedPush(facts);
    },

    resolveMergeConflicts: (facts) => chooseConflictSides(facts),

    async showDiff(remoteText, title, document) {
      // A JSON file is the right side itself; a YAML file's text is YAML: the document it sends, as JSON, as the server's is.
      const sent = pushedDiffText(options.documentUri.path, document);
      const right = sent === undefined ? options.documentUri : diffs.create(`${path.posix.basename(options.documentUri.path)}.json`, sent);
      await openDiff(diffs.create('remote.json', remoteText), right, title);
    },

    async closeDiffs() {
      await diffs.closeDiffsFor(options.documentUri);
    },

    async confirmSend(summary: SendSummary) {
      const { route } = summary;
      const warning = summary.unrecorded
        ? `\n\nThis file was not pulled from '${summary.environment}': the server's version is replaced by yours (see the diff).`
        : '';
      const choice = await vscode.window.showInformationMessage(
        `Push ${summary.name} to '${summary.environment}'?`,
        {
          ...MODAL,
          detail:
            `${route.operation === 'create' ? 'Creates' : 'Updates'} the ${SYNC_KIND_LABELS[summary.kind]} through ${route.endpoint}: ` +
            `${route.why}.${warning}`,
        },
        'Push',
      );
      return choice === 'Push';
    },

    offerReload(message) {
      // Not modal and not awaited: the push is done; the reload is the user's next step.
      void vscode.window.showInformationMessage(message, 'Reload Gateway').then(async (choice) => {
        if (choice === 'Reload Gateway') await options.reload();
      });
      return Promise.resolve(false);
    },
  };
}

async function askVersion(client: ManagementClient, signal?: AbortSignal): Promise<OasVersionChoice | undefined> {
  const apis = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Listing OAS APIs…' }, async () =>
    (await listAllApis(client, { signal })).map(summariseApi).filter((a) => a.kind === 'oas'),
  );
  const base = await vscode.window.showQuickPick(
    apis.map((a) => ({ label: a.name, description: a.id, id: a.id })),
    {
      title: 'Base API (base_api_id)',
      placeHolder: apis.length ? 'The API the new version belongs to' : 'This environment has no OAS API to add a version to',
      ignoreFocusOut: true,
    },
  );
  if (!base) return undefined;
  const newVersionName = await vscode.window.showInputBox({
    title: 'Name of the new version (new_version_name)',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? undefined : 'A new version needs a name.'),
  });
  if (!newVersionName) return undefined;
  const baseApiVersionName = await vscode.window.showInputBox({
    title: 'Version name of the base API (base_api_version_name)',
    prompt: "Needed when the base has no version yet; when given, it renames the base's version. Leave empty to keep it.",
    ignoreFocusOut: true,
  });
  if (baseApiVersionName === undefined) return undefined;
  const setDefault = await vscode.window.showQuickPick(
    [
      { label: 'Keep the current default version', value: false },
      { label: 'Make the new version the default (set_default)', value: true },
    ],
    { title: 'Default version', ignoreFocusOut: true },
  );
  if (!setDefault) return undefined;
  return {
    baseApiId: base.id,
    newVersionName: newVersionName.trim(),
    baseApiVersionName: baseApiVersionName.trim() || undefined,
    setDefault: setDefault.value,
  };
}

async function askPatchParameters(): Promise<StreamsPatchParameters | undefined> {
  const listenPath = await vscode.window.showInputBox({
    title: 'Listen path (listenPath)',
    prompt: 'Leave empty to keep the current one.',
    ignoreFocusOut: true,
  });
  if (listenPath === undefined) return undefined;
  const customDomain = await vscode.window.showInputBox({ title: 'Custom domain (customDomain)', prompt: 'Leave empty for none.', ignoreFocusOut: true });
  if (customDomain === undefined) return undefined;
  const flags = await vscode.window.showQuickPick(
    [
      { label: 'allowList', description: 'enable the allow-list middleware for all endpoints', value: 'allowList' as const },
      { label: 'validateRequest', description: 'validate requests of endpoints with an application/json body', value: 'validateRequest' as const },
      { label: 'mockResponse', description: 'mock responses of endpoints with configured responses', value: 'mockResponse' as const },
      { label: 'authentication', description: 'enable the authentication mechanism', value: 'authentication' as const },
    ],
    { title: 'Switch on (unticked ones are not sent)', canPickMany: true, ignoreFocusOut: true },
  );
  if (!flags) return undefined;
  const params: StreamsPatchParameters = {};
  if (listenPath.trim()) params.listenPath = listenPath.trim();
  if (customDomain.trim()) params.customDomain = customDomain.trim();
  for (const f of flags) params[f.value] = true;
  return params;
}

/** The pull question: a file with unsaved or unpushed changes. */
export async function askOverwrite(file: string, reason: OverwriteReason, environment: string): Promise<OverwriteDecision> {
  const name = vscode.workspace.asRelativePath(file);
  const why =
    reason === 'unsaved'
      ? `${name} has unsaved changes in an editor.`
      : reason === 'modified'
        ? `${name} has changes you have not pushed.`
        : `${name} exists and was not pulled from '${environment}'.`;
  const choice = await vscode.window.showWarningMessage(
    `${why} Pulling replaces its content with the server's version.`,
    { ...MODAL, detail: 'Keep mine as a copy saves your version next to it first.' },
    'Overwrite',
    'Keep Mine as a Copy',
  );
  return choice === 'Overwrite' ? 'overwrite' : choice === 'Keep Mine as a Copy' ? 'copy' : 'skip';
}

/** The OAS pull question: with the extension (pushable) or the public form. */
export async function askPullMode(): Promise<'full' | 'public' | undefined> {
  const pick = await vscode.window.showQuickPick(
    [
      { label: 'With the x-svc-api-gateway extension', description: 'can be pushed back', value: 'full' as const },
      { label: 'Public form (mode=public)', description: 'plain OpenAPI without the extension; cannot be pushed back', value: 'public' as const },
    ],
    { title: 'Pull the OAS API', ignoreFocusOut: true },
  );
  return pick?.value;
}
