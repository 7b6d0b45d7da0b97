// Wires the resource commands (keys, policies, users, OAuth clients, webhooks) and their
// read-only details documents.
import * as vscode from 'vscode';
import type { EnvironmentsArea } from '../../environments/register';
import type { ExplorerArea } from '../../explorer/register';
import type { Logger } from '../../logging/logger';
import { resourceDeps } from './commandContext';
import { registerDetailsCommands } from './detailsCommands';
import { registerKeyCommands } from './keyCommands';
import { registerPolicyCommands } from './policyCommands';
import { pendingSends } from './pendingSends';
import { ReadOnlyDocuments } from './readOnlyDocuments';
import { registerUserCommands } from './userCommands';
import { registerAccessCommands } from '../access/register';

export interface ResourcesArea {
  documents: ReadOnlyDocuments;
}

export function registerResources(context: vscode.ExtensionContext, areas: { log: Logger; envs: EnvironmentsArea; explorer: ExplorerArea }): ResourcesArea {
  const deps = resourceDeps(areas);
  const documents = new ReadOnlyDocuments();
  pendingSends(context);
  context.subscriptions.push(
    documents,
    ...registerKeyCommands(deps, documents),
    ...registerPolicyCommands(deps),
    ...registerUserCommands(deps),
    ...registerDetailsCommands(deps, documents),
    ...registerAccessCommands(deps),
  );
  return { documents };
}
