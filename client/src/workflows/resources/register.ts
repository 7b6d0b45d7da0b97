// Wires the resource commands (keys, policies, users, OAuth clients, webhooks) and their
// read-only details documents.
import * as vscode from 'vscode';
import type { ResourceDeps } from './commandContext';
import { registerDetailsCommands } from './detailsCommands';
import { registerKeyCommands } from './keyCommands';
import { registerPolicyCommands } from './policyCommands';
import { pendingSends } from './pendingSends';
import { ReadOnlyDocuments } from './readOnlyDocuments';
import { registerUserCommands } from './userCommands';

export interface ResourcesArea {
  documents: ReadOnlyDocuments;
}

export function registerResources(context: vscode.ExtensionContext, deps: ResourceDeps): ResourcesArea {
  const documents = new ReadOnlyDocuments();
  pendingSends(context);
  context.subscriptions.push(
    documents,
    ...registerKeyCommands(deps, documents),
    ...registerPolicyCommands(deps),
    ...registerUserCommands(deps),
    ...registerDetailsCommands(deps, documents),
  );
  return { documents };
}
