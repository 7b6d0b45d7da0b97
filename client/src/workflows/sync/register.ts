// Wires pull, push and edit remote: the state store, the remote diff documents, the `svc:`
// file system and the commands. Exposes `pushDocument` for other workflows (Create API from
// Example) and what end-to-end tests drive.
import * as vscode from 'vscode';
import type { EnvironmentsArea } from '../../environments/register';
import type { ExplorerArea } from '../../explorer/register';
import type { ExplorerNode } from '../../explorer/nodes';
import type { ResourceRef } from '../../explorer/resourceSource';
import type { ExtensionLog } from '../../logging/outputChannel';
import { SVC_SCHEME, SvcFileSystem, svcUri } from '../remoteFs/svcFileSystem';
import type { SyncAnswers } from './answers';
import { registerCompare } from './compareFlow';
import { askPullMode, pullAll, pullIntoWorkspace, type PullAllSummary } from './pullFlow';
import type { PullOutcome } from './pull';
import { pushTextDocument, type PushDocumentArgs } from './pushFlow';
import type { PushOutcome } from './pushPipeline';
import { RemoteDiffDocuments } from './remoteDiffDocuments';
import type { PushChoices } from './routing';
import { SyncStateStore } from './stateStore';
import type { SyncContext } from './syncContext';
import type { RemoteTarget } from './syncKinds';
import { targetOfRef } from './targets';

export interface SyncArea {
  /** The push pipeline on a VS Code document, with every check (used by workflows/examples). */
  pushDocument(args: PushDocumentArgs): Promise<PushOutcome>;
  pull(args: { environment: string; target: RemoteTarget; mode?: 'public'; answers?: SyncAnswers }): Promise<PullOutcome>;
  store: SyncStateStore;
  fileSystem: SvcFileSystem;
}

/** What the resource commands take: a tree node, or an argument object (programmatic callers). */
interface ResourceArgs {
  environment?: string;
  target?: RemoteTarget;
  ref?: ResourceRef;
  mode?: 'full' | 'public';
  answers?: SyncAnswers;
}

type NodeOrArgs = ExplorerNode | ResourceArgs | undefined;
const isNode = (arg: NodeOrArgs): arg is ExplorerNode => !!arg && 'type' in arg && 'envName' in arg;

export function registerSync(context: vscode.ExtensionContext, deps: { log: ExtensionLog; envs: EnvironmentsArea; explorer: ExplorerArea }): SyncArea {
  const log = deps.log.forArea('sync');
  const { environments, clients } = deps.envs;
  /** A tree node's environment, an argument's `environment`, or the active one. */
  const environmentOf = (arg?: ExplorerNode | { environment?: string }): string | undefined =>
    (arg && 'envName' in arg ? arg.envName : (arg as { environment?: string } | undefined)?.environment) ?? environments.active()?.name;
  const store = new SyncStateStore((problem) => {
    log.warn(problem);
    void vscode.window.showWarningMessage(problem);
  });
  const diffs = new RemoteDiffDocuments();

  const clientFor = async (name: string) => {
    const env = environments.find(name);
    if (!env) throw new Error(`Environment '${name}' does not exist (any more): pick another with Svc: Switch Environment.`);
    return clients.clientFor(env);
  };

  const ctx: SyncContext = {
    store,
    diffs,
    log,
    clientFor,
    activeEnvironment: () => environments.active()?.name,
    refreshTree: () => deps.explorer.provider.refresh(),
    reloadGateway: async (environment) => {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Reloading the gateway of '${environment}'`, cancellable: true }, async (_p, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        await (await clientFor(environment)).reloadGateway({ signal: controller.signal });
      });
      log.info(`reloaded the gateway of '${environment}'`);
      void vscode.window.showInformationMessage(`The gateway of '${environment}' reloaded: stored definitions are live.`);
    },
    pull: (args) => pullIntoWorkspace(ctx, args),
  };
  const fileSystem = new SvcFileSystem(ctx);

  /** The environment and target a command is about. */
  const resolve = async (arg: NodeOrArgs): Promise<{ environment: string; target: RemoteTarget; args: ResourceArgs } | undefined> => {
    const args: ResourceArgs = isNode(arg) ? { environment: arg.envName, ref: arg.resource } : (arg ?? {});
    const environment = args.environment ?? environments.active()?.name;
    if (!environment) throw new Error('No environment: add one (Svc: Add Environment).');
    const target = args.target ?? (args.ref ? await targetOfRef(await clientFor(environment), args.ref) : undefined);
    if (!target) throw new Error('Pull and Edit Remote work on APIs, policies and keys: pick one in the Svc Gateway view.');
    return { environment, target, args };
  };

  const report = (what: string, err: unknown) => {
    log.error(what, err);
    void vscode.window.showErrorMessage(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  };

  const activeDocument = (uri?: vscode.Uri) =>
    uri ? vscode.workspace.openTextDocument(uri) : Promise.resolve(vscode.window.activeTextEditor?.document);

  context.subscriptions.push(
    diffs,
    fileSystem,
    vscode.workspace.registerFileSystemProvider(SVC_SCHEME, fileSystem, { isCaseSensitive: true }),

    vscode.commands.registerCommand('svc.pull', async (arg?: NodeOrArgs) => {
      try {
        const resolved = await resolve(arg);
        if (!resolved) return undefined;
        const { environment, target, args } = resolved;
        let mode = args.mode ?? args.answers?.pullMode;
        if (target.kind === 'oas' && !mode) mode = await askPullMode(args.answers);
        if (target.kind === 'oas' && !mode) return undefined;
        return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Pulling from '${environment}'`, cancellable: true }, (_p, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          return pullIntoWorkspace(ctx, { environment, target, mode: mode === 'public' ? 'public' : undefined, answers: args.answers, open: true, signal: controller.signal });
        });
      } catch (err) {
        report('Pull failed', err);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('svc.pullAll', async (arg?: ExplorerNode | { environment?: string; answers?: SyncAnswers }): Promise<PullAllSummary | undefined> => {
      const environment = environmentOf(arg);
      if (!environment) return undefined;
      try {
        const summary = await pullAll(ctx, environment, (arg as { answers?: SyncAnswers } | undefined)?.answers);
        void vscode.window.showInformationMessage(summary.message);
        return summary;
      } catch (err) {
        report(`Pull All from '${environment}' failed`, err);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('svc.push', async (arg?: vscode.Uri | { uri?: vscode.Uri | string; environment?: string; answers?: SyncAnswers; choices?: PushChoices }) => {
      const args = arg instanceof vscode.Uri ? { uri: arg } : (arg ?? {});
      const uri = typeof args.uri === 'string' ? vscode.Uri.parse(args.uri) : args.uri;
      const document = await activeDocument(uri);
      if (!document) {
        void vscode.window.showWarningMessage('Open the JSON file to push first.');
        return undefined;
      }
      if (document.uri.scheme === SVC_SCHEME) {
        // An `svc:` document is the remote itself: saving it is its push.
        if ('answers' in args && args.answers) fileSystem.answerNext(args.answers);
        await document.save();
        return fileSystem.lastOutcome;
      }
      try {
        return await pushTextDocument(ctx, { document, environment: 'environment' in args ? args.environment : undefined, answers: 'answers' in args ? args.answers : undefined, choices: 'choices' in args ? args.choices : undefined });
      } catch {
        return undefined; // shown and logged by pushTextDocument
      }
    }),

    vscode.commands.registerCommand('svc.editRemote', async (arg?: NodeOrArgs) => {
      try {
        const resolved = await resolve(arg);
        if (!resolved) return undefined;
        const document = await vscode.workspace.openTextDocument(svcUri(resolved.environment, resolved.target));
        const json = document.languageId === 'json' ? document : await vscode.languages.setTextDocumentLanguage(document, 'json');
        await vscode.window.showTextDocument(json, { preview: false });
        return json;
      } catch (err) {
        report('Edit Remote failed', err);
        return undefined;
      }
    }),

    vscode.commands.registerCommand('svc.reloadGateway', async (arg?: ExplorerNode | { environment?: string }) => {
      const environment = environmentOf(arg);
      if (!environment) return;
      try {
        await ctx.reloadGateway(environment);
      } catch (err) {
        report(`Reloading the gateway of '${environment}' failed`, err);
      }
    }),
  );

  context.subscriptions.push(registerCompare(ctx));

  return {
    pushDocument: (args) => pushTextDocument(ctx, args),
    pull: (args) => pullIntoWorkspace(ctx, { ...args, notify: false }),
    store,
    fileSystem,
  };
}
