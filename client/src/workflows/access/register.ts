// Wires Explain Access and Keys Affected (docs/access.md).
import * as vscode from 'vscode';
import { EXPLAIN_ACCESS_COMMAND } from '../../../../common/src/commands';
import type { ResourceDeps } from '../resources/commandContext';
import { AccessDocuments, explainAccess, type ExplainAnswers } from './explainAccess';
import { keysAffected } from './keysAffected';

export function registerAccessCommands(deps: ResourceDeps): vscode.Disposable[] {
  const documents = new AccessDocuments();
  return [
    documents,
    vscode.commands.registerCommand(EXPLAIN_ACCESS_COMMAND, (arg?: unknown, answers?: ExplainAnswers) => explainAccess(deps, documents, arg, answers)),
    vscode.commands.registerCommand('svc.policy.keysAffected', (arg?: unknown) => keysAffected(deps, arg)),
  ];
}
