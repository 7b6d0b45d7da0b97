// Wires the examples area: the `svc-example:` documents and the commands. Every command takes
// the tree's example node, an argument object ({environment, location, action, convertClassic}) or nothing
// (then it asks with a quick pick of the catalogue).
import * as vscode from 'vscode';
import { environmentAccess } from '../../environments/environmentAccess';
import type { EnvironmentsArea } from '../../environments/register';
import type { ExtensionLog } from '../../logging/outputChannel';
import { argsOf, isExplorerNode, type CommandArg } from '../../shared/commandArg';
import type { SyncArea } from '../sync/register';
import { ExampleDocuments } from './exampleDocuments';
import { ExampleFlow, type ExampleArgs } from './exampleFlow';

export interface ExamplesArea {
  flow: ExampleFlow;
  documents: ExampleDocuments;
}

export function registerExamples(context: vscode.ExtensionContext, deps: { log: ExtensionLog; envs: EnvironmentsArea; sync: SyncArea }): ExamplesArea {
  const documents = new ExampleDocuments();
  const flow = new ExampleFlow({
    ...environmentAccess(deps.envs),
    documents,
    // Create API from Example is a push like any other: the sync area's pipeline and UI.
    pushDocument: (args) => deps.sync.pushDocument(args),
    pull: (args) => deps.sync.pull(args),
    log: deps.log.forArea('examples'),
  });

  /** A tree node becomes {environment, location}; an argument object passes through. */
  const exampleArgs = (arg?: CommandArg<ExampleArgs>): ExampleArgs =>
    isExplorerNode(arg) ? { environment: arg.environment, location: arg.resource?.type === 'example' ? arg.resource.location : undefined } : argsOf(arg);

  context.subscriptions.push(
    documents,
    vscode.commands.registerCommand('svc.examples.browse', (arg?: CommandArg<ExampleArgs>) => {
      const args = exampleArgs(arg);
      // On the Examples group node there is no location yet: browse that environment's catalogue.
      return flow.browse(args);
    }),
    vscode.commands.registerCommand('svc.examples.previewReadme', (arg?: CommandArg<ExampleArgs>) => flow.previewReadme(exampleArgs(arg))),
    vscode.commands.registerCommand('svc.examples.openDefinition', (arg?: CommandArg<ExampleArgs>) => flow.openDefinition(exampleArgs(arg))),
    vscode.commands.registerCommand('svc.examples.createApi', (arg?: CommandArg<ExampleArgs>) => flow.createApi(exampleArgs(arg))),
    vscode.commands.registerCommand('svc.examples.openByLocation', (arg?: CommandArg<ExampleArgs>) => flow.openByLocation(exampleArgs(arg))),
  );
  return { flow, documents };
}
