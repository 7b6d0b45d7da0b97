// Wires the examples area: the `svc-example:` documents and the commands. Every command takes
// the tree's example node, an argument object ({envName, location, action, answers}) or nothing
// (then it asks with a quick pick of the catalogue).
import * as vscode from 'vscode';
import { environmentAccess } from '../../environments/environmentAccess';
import type { EnvironmentsArea } from '../../environments/register';
import type { ExplorerNode } from '../../explorer/nodes';
import type { ExtensionLog } from '../../logging/outputChannel';
import type { SyncArea } from '../sync/register';
import { ExampleDocuments } from './exampleDocuments';
import { ExampleFlow, type ExampleArgs } from './exampleFlow';

export interface ExamplesArea {
  flow: ExampleFlow;
  documents: ExampleDocuments;
}

export function registerExamples(
  context: vscode.ExtensionContext,
  deps: { log: ExtensionLog; envs: EnvironmentsArea; sync: SyncArea },
): ExamplesArea {
  const documents = new ExampleDocuments();
  const flow = new ExampleFlow({
    ...environmentAccess(deps.envs),
    documents,
    // Create API from Example is a push like any other: the sync area's pipeline and UI.
    pushDocument: (args) => deps.sync.pushDocument(args),
    log: deps.log.forArea('examples'),
  });

  /** A tree node becomes {envName, location}; an argument object passes through. */
  const argsOf = (arg?: ExplorerNode | ExampleArgs): ExampleArgs => {
    if (arg && 'type' in arg && 'envName' in arg) {
      const node = arg as ExplorerNode;
      return { envName: node.envName, location: node.resource?.type === 'example' ? node.resource.location : undefined };
    }
    return (arg as ExampleArgs | undefined) ?? {};
  };

  context.subscriptions.push(
    documents,
    vscode.commands.registerCommand('svc.examples.browse', (arg?: ExplorerNode | ExampleArgs) => {
      const args = argsOf(arg);
      // On the Examples group node there is no location yet: browse that environment's catalogue.
      return flow.browse(args);
    }),
    vscode.commands.registerCommand('svc.examples.previewReadme', (arg?: ExplorerNode | ExampleArgs) => flow.previewReadme(argsOf(arg))),
    vscode.commands.registerCommand('svc.examples.openDefinition', (arg?: ExplorerNode | ExampleArgs) => flow.openDefinition(argsOf(arg))),
    vscode.commands.registerCommand('svc.examples.createApi', (arg?: ExplorerNode | ExampleArgs) => flow.createApi(argsOf(arg))),
    vscode.commands.registerCommand('svc.examples.openByLocation', (arg?: ExplorerNode | ExampleArgs) => flow.openByLocation(argsOf(arg))),
  );
  return { flow, documents };
}
