// Wires pull, push and edit remote: the state store, the remote diff documents, the `svc:`
// file system and the commands. Exposes `pushDocument` for other workflows (Create API from
// Example) and what end-to-end tests drive.
import * as vscode from 'vscode';
import { environmentAccess } from '../../environments/environmentAccess';
import type { EnvironmentsArea } from '../../environments/register';
import type { ExplorerArea } from '../../explorer/register';
import type { ResourceRef } from '../../explorer/resourceSource';
import type { ExtensionLog } from '../../logging/outputChannel';
import { argsOf, isExplorerNode, resolveTarget, type CommandArg } from '../../shared/commandArg';
import { withCancellableProgress } from '../../shared/progress';
import { SVC_SCHEME, SvcFileSystem, svcUri } from '../remoteFs/svcFileSystem';
import { ExplicitRemoteSaves } from '../remoteFs/explicitSaves';
import { registerCompare } from './compareFlow';
import { pullAll, pullIntoWorkspace, type PullAllSummary } from './pullFlow';
import type { PullOutcome } from './pull';
import { pushTextDocument, type PushDocumentArgs } from './pushFlow';
import type { PushOutcome } from './pushPipeline';
import { RemoteDiffDocuments } from './remoteDiffDocuments';
import type { PushChoices } from './routing';
import { SyncStateStore } from './stateStore';
import { setKeySecret } from './setKeySecret';
import { stateKeyOf } from './stateFile';
import { SETTABLE_SECRETS } from '../../../../engine/src/sync/keySecrets';
import type { PullArgs, SyncContext } from './syncContext';
import type { RemoteTarget } from './syncKinds';
import type { SyncUi } from './syncUi';
import { targetOfRef } from './targets';
import { readRemote } from './remoteReader';
import { nameInDocument } from '../../explorer/resourceTitles';
import { maskKeyId } from '../../shared/keyIds';
import { vscodeSyncUi } from './vscodePushUi';
import { isManagementApiError } from '../../../../api/src/errors';
import { NO_RELOAD_MESSAGE } from '../../../../api/src/specFallbacks';
import { definitionOf, promoteFile, type PromoteArgs } from '../promote/promoteFlow';
import { pullAllRendered, pullRendered, repositoryRootOf } from '../promote/renderedPull';

export interface SyncArea {
  /** The push pipeline on a VS Code document, with every check (used by workflows/examples). */
  pushDocument(args: PushDocumentArgs): Promise<PushOutcome>;
  pull(args: { environment: string; target: RemoteTarget; mode?: 'public' }): Promise<PullOutcome>;
  /** Replaces the questions' UI until the returned disposable restores the previous one (the test-only export scripts answers). */
  useUi(ui: (current: SyncUi) => SyncUi): vscode.Disposable;
  store: SyncStateStore;
  fileSystem: SvcFileSystem;
}

/** What Pull and Edit Remote take besides a tree node: the target itself, or what the tree knows of it. */
interface ResourceArgs {
  target?: RemoteTarget;
  ref?: ResourceRef;
  mode?: 'full' | 'public';
}

/** What `svc.push` takes besides a Uri: the document, the environment (default: where it was pulled from) and choices made already. */
interface PushArgs {
  uri?: vscode.Uri;
  environment?: string;
  choices?: PushChoices;
}

export function registerSync(context: vscode.ExtensionContext, deps: { log: ExtensionLog; envs: EnvironmentsArea; explorer: ExplorerArea }): SyncArea {
  const log = deps.log.forArea('sync');
  const access = environmentAccess(deps.envs);
  const store = new SyncStateStore((problem) => {
    log.warn(problem);
    void vscode.window.showWarningMessage(problem);
  });
  const diffs = new RemoteDiffDocuments();

  const clientFor = async (name: string) => (await resolveTarget(access, { environment: name })).client;

  const ctx: SyncContext = {
    store,
    diffs,
    ui: vscodeSyncUi(diffs),
    log,
    clientFor,
    activeEnvironment: () => access.resolveEnvironment()?.name,
    refreshTree: () => deps.explorer.provider.refresh(),
    reloadGateway: async (environment) => {
      try {
        await withCancellableProgress(`Reloading the gateway of '${environment}'`, async (signal) => (await clientFor(environment)).reloadGateway({ signal }));
      } catch (err) {
        if (!isManagementApiError(err, 'missing-endpoint')) throw err;
        // Not a failure: the spec has no reload; the gateway loads stored definitions on its own.
        const message = `'${environment}': ${NO_RELOAD_MESSAGE}`;
        log.info(message);
        void vscode.window.showInformationMessage(message);
        return message;
      }
      const message = `The gateway of '${environment}' reloaded: stored definitions are live.`;
      log.info(`reloaded the gateway of '${environment}'`);
      void vscode.window.showInformationMessage(message);
      return message;
    },
    pull: (args) => pullAny(args),
  };

  /** An environment of the repository's svc.environments.json pulls into the definition and its overlay (as svc pull --env); others as before. */
  const pullAny = async (args: PullArgs): Promise<PullOutcome> => {
    const root = args.mode === 'public' ? undefined : await repositoryRootOf(args.environment, args.root);
    return root ? pullRendered(ctx, { ...args, root }) : pullIntoWorkspace(ctx, args);
  };
  const fileSystem = new SvcFileSystem(ctx);

  /** The environment and target a command is about. */
  const resolve = async (arg: CommandArg<ResourceArgs>): Promise<{ environment: string; target: RemoteTarget; args: ResourceArgs }> => {
    const args: ResourceArgs = isExplorerNode(arg) ? { ref: arg.resource } : argsOf(arg);
    const { environment, client } = await resolveTarget(access, arg);
    // A target given outright needs no lookup; a tree reference does (keys are addressed by hash).
    const target = args.target ?? (args.ref ? await targetOfRef(client, args.ref) : undefined);
    if (!target) throw new Error('Pull and Edit Remote work on APIs, policies and keys: pick one in the Svc Gateway view.');
    return { environment: environment.name, target, args };
  };

  /** The name the resource gives itself on the server (the tab's title); a missing one fails on open, with the reason. */
  const remoteName = async (environment: string, target: RemoteTarget): Promise<string | undefined> => {
    const remote = await readRemote(await clientFor(environment), target).catch(() => undefined);
    const name = remote?.exists ? nameInDocument(target.kind, remote.document) : undefined;
    return target.kind === 'key' ? (name ?? `key ${maskKeyId(target.id)}`) : name;
  };

  const report = (what: string, err: unknown) => {
    log.error(what, err);
    void vscode.window.showErrorMessage(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  };

  const activeDocument = (uri?: vscode.Uri) => (uri ? vscode.workspace.openTextDocument(uri) : Promise.resolve(vscode.window.activeTextEditor?.document));

  context.subscriptions.push(
    diffs,
    fileSystem,
    vscode.workspace.registerFileSystemProvider(SVC_SCHEME, fileSystem, { isCaseSensitive: true }),
    // File > Save, "File: Save" and Save All of a remote document: the same flow as Ctrl+S (see explicitSaves.ts).
    new ExplicitRemoteSaves((document) => fileSystem.saveFromEditor(document), report, log),

    // Ctrl+S on a remote document (keybinding `resourceScheme == svc`): push, then save the editor.
    vscode.commands.registerCommand('svc.saveRemoteDocument', async (uri?: vscode.Uri) => {
      const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
      if (!document || document.uri.scheme !== SVC_SCHEME) return vscode.commands.executeCommand('workbench.action.files.save');
      try {
        return await fileSystem.saveFromEditor(document);
      } catch (err) {
        report('Save failed', err);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('svc.pull', async (arg?: CommandArg<ResourceArgs>) => {
      try {
        const { environment, target, args } = await resolve(arg);
        let mode = args.mode;
        // A definition of the repository's environments is the full document: its public form is asked for by name only.
        if (target.kind === 'oas' && !mode && !(await repositoryRootOf(environment))) {
          mode = await ctx.ui.askPullMode();
          if (!mode) return undefined;
        }
        return await withCancellableProgress(`Pulling from '${environment}'`, (signal) =>
          pullAny({ environment, target, mode: mode === 'public' ? 'public' : undefined, open: true, signal }),
        );
      } catch (err) {
        report('Pull failed', err);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('svc.pullAll', async (arg?: CommandArg): Promise<PullAllSummary | undefined> => {
      const environment = access.resolveEnvironment(arg?.environment)?.name;
      if (!environment) return undefined;
      try {
        const root = await repositoryRootOf(environment);
        const summary = root ? await pullAllRendered(ctx, environment, root) : await pullAll(ctx, environment);
        void vscode.window.showInformationMessage(summary.message);
        return summary;
      } catch (err) {
        report(`Pull All from '${environment}' failed`, err);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('svc.push', async (arg?: vscode.Uri | PushArgs) => {
      // Menus pass the file's Uri; other callers an object; the palette nothing (the active editor).
      const args: PushArgs = arg instanceof vscode.Uri ? { uri: arg } : (arg ?? {});
      const document = await activeDocument(args.uri);
      if (!document) {
        void vscode.window.showWarningMessage('Open the JSON file to push first.');
        return undefined;
      }
      if (document.uri.scheme === SVC_SCHEME) {
        // An `svc:` document is the remote itself: saving it is its push.
        await document.save();
        return fileSystem.lastOutcome;
      }
      try {
        return await pushTextDocument(ctx, { document, environment: args.environment, choices: args.choices });
      } catch {
        return undefined; // shown and logged by pushTextDocument
      }
    }),

    // Promote to Environment… (editor: the file; tree: an API or policy, through its deploy state).
    vscode.commands.registerCommand('svc.promoteToEnvironment', async (arg?: vscode.Uri | PromoteArgs | CommandArg<ResourceArgs>) => {
      try {
        let args: PromoteArgs;
        if (arg instanceof vscode.Uri) args = { uri: arg };
        else if (isExplorerNode(arg)) {
          const { environment, target } = await resolve(arg);
          const uri = await definitionOf(environment, target);
          if (!uri) {
            throw new Error(
              `no definition in this workspace is recorded for this resource of '${environment}' (.svc-deploy/${environment}/): ` +
                `pull it first (svc pull --all --env ${environment}).`,
            );
          }
          args = { uri, from: environment };
        } else args = (arg as PromoteArgs | undefined) ?? {};
        const result = await promoteFile(ctx, args);
        if (result) {
          const fine = result.status === 'pushed' || result.status === 'no-op' || result.status === 'unchanged';
          void (fine ? vscode.window.showInformationMessage(result.message) : vscode.window.showWarningMessage(result.message));
        }
        return result;
      } catch (err) {
        report('Promote failed', err);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('svc.editRemote', async (arg?: CommandArg<ResourceArgs>) => {
      try {
        const resolved = await resolve(arg);
        const name = isExplorerNode(arg) ? arg.label : await remoteName(resolved.environment, resolved.target);
        const document = await vscode.workspace.openTextDocument(svcUri(resolved.environment, resolved.target, name));
        const json = document.languageId === 'json' ? document : await vscode.languages.setTextDocumentLanguage(document, 'json');
        await vscode.window.showTextDocument(json, { preview: false });
        return json;
      } catch (err) {
        report('Edit Remote failed', err);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('svc.reloadGateway', async (arg?: CommandArg) => {
      const environment = access.resolveEnvironment(arg?.environment)?.name;
      if (!environment) return;
      try {
        return await ctx.reloadGateway(environment);
      } catch (err) {
        report(`Reloading the gateway of '${environment}' failed`, err);
      }
    }),

    // A new consumer secret for a pulled key file, sent to the server and stored nowhere.
    vscode.commands.registerCommand('svc.setKeySecret', async (arg?: vscode.Uri | { uri?: vscode.Uri; member?: string; value?: string }) => {
      const args = arg instanceof vscode.Uri ? { uri: arg } : (arg ?? {});
      try {
        const document = await activeDocument(args.uri);
        const folder = document?.uri.scheme === 'file' ? vscode.workspace.getWorkspaceFolder(document.uri) : undefined;
        const record = folder ? (await ctx.store.get(folder.uri.fsPath)).files[stateKeyOf(folder.uri.fsPath, document!.uri.fsPath)] : undefined;
        if (!record || record.target.kind !== 'key') {
          void vscode.window.showWarningMessage('Open a key file pulled from an environment (Svc: Pull into Workspace) to set one of its secrets.');
          return false;
        }
        const member =
          args.member ??
          (
            await vscode.window.showQuickPick(
              SETTABLE_SECRETS.map((s) => ({ label: s.label, value: s.path.join('.') })),
              { title: 'Svc: Set Key Secret', placeHolder: 'Which secret?' },
            )
          )?.value;
        const secret = SETTABLE_SECRETS.find((s) => s.path.join('.') === member);
        if (!secret) return false;
        const value =
          args.value ??
          (await vscode.window.showInputBox({
            title: `Svc: Set Key Secret — ${secret.label}`,
            prompt: 'The new value: sent to the server, stored nowhere',
            password: true,
            ignoreFocusOut: true,
          }));
        if (!value) return false;
        const client = await ctx.clientFor(record.environment);
        await withCancellableProgress(`Setting ${secret.label} on '${record.environment}'…`, (signal) =>
          setKeySecret(client, record.target, secret.path, value, signal),
        );
        log.info(`set key secret: ${secret.path.join('.')} of a key on '${record.environment}' updated (value not logged)`);
        void vscode.window.showInformationMessage(`${secret.label} updated on '${record.environment}'. Your file keeps its placeholder: nothing was stored.`);
        return true;
      } catch (err) {
        report('Set Key Secret failed', err);
        return false;
      }
    }),
  );

  context.subscriptions.push(registerCompare(ctx));

  return {
    pushDocument: (args) => pushTextDocument(ctx, args),
    pull: (args) => pullAny({ ...args, notify: false }),
    useUi: (replace) => {
      const previous = ctx.ui;
      ctx.ui = replace(previous);
      return new vscode.Disposable(() => (ctx.ui = previous));
    },
    store,
    fileSystem,
  };
}
