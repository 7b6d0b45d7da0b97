// Policy commands: create (POST /svc/policies) and update (PUT /svc/policies/{id}). The list
// is the explorer's Policies group. The body comes from the active editor or a starting
// document (a template, or the policy as the server has it now for an update).
import * as vscode from 'vscode';
import type { ActionResult, Policy } from '../../../../api/src';
import { closeSentTemplate, resolveBody } from './bodySource';
import { reportFailure, type ResourceDeps } from './commandContext';
import { argsOf, isExplorerNode, resolveTarget, type CommandArg } from '../../shared/commandArg';
import { withCancellableProgress } from '../../shared/progress';
import { askText, pickOne } from './prompts';
import { validatePolicyId } from './policyRules';
import { policyTemplate } from './templates';

export interface CreatePolicyArgs {
  body?: unknown;
}
export interface UpdatePolicyArgs {
  policyId?: string;
  body?: unknown;
}

export function registerPolicyCommands(deps: ResourceDeps): vscode.Disposable[] {
  const createPolicy = async (arg: CommandArg<CreatePolicyArgs>): Promise<ActionResult | undefined> => {
    const given = argsOf(arg);
    const title = 'Svc: Create Policy';
    try {
      const { environment: env, client } = await resolveTarget(deps, arg);
      const body = (await resolveBody(
        { kind: 'policy', what: 'policy', action: 'Create Policy', title, envName: env.name, start: () => Promise.resolve(policyTemplate()) },
        given.body,
      )) as Policy;
      const problem = validatePolicyId(String(body.id ?? body._id ?? ''));
      if (problem) throw new Error(`${problem} Set it in the document and run the command again.`);
      const result = await withCancellableProgress(`Creating policy in ${env.name}…`, (signal) => client.createPolicy(body, { signal }));
      await closeSentTemplate(body);
      void vscode.window.showInformationMessage(`Policy '${body.name ?? body.id}' created in ${env.name}.`);
      deps.explorer.provider.refresh();
      return result;
    } catch (err) {
      return reportFailure(deps, 'Could not create the policy', err);
    }
  };

  const updatePolicy = async (arg: CommandArg<UpdatePolicyArgs>): Promise<ActionResult | undefined> => {
    const given = { policyId: isExplorerNode(arg) && arg.resource?.type === 'policy' ? arg.resource.id : undefined, ...argsOf(arg) };
    const title = 'Svc: Update Policy';
    try {
      const { environment: env, client } = await resolveTarget(deps, arg);
      let policyId = given.policyId;
      if (!policyId && given.body === undefined) {
        const policies = await withCancellableProgress(`Listing policies of ${env.name}…`, (signal) => client.listPolicies({ signal }));
        policyId = policies.length
          ? await pickOne(
              title,
              'The policy to update',
              policies.map((p) => ({ label: p.name ?? p.id ?? '?', description: p.id ?? p._id, value: String(p.id ?? p._id) })),
            )
          : await askText(title, 'The policy id', { validate: validatePolicyId });
      }
      const body = (await resolveBody(
        {
          kind: 'policy',
          what: 'policy',
          action: 'Update Policy',
          title,
          envName: env.name,
          start: async () => {
            const current = (await client.listPolicies()).find((p) => p.id === policyId || p._id === policyId);
            if (!current) throw new Error(`Policy '${policyId}' is not on the server; create it instead.`);
            return current;
          },
        },
        given.body,
      )) as Policy;
      const id = policyId ?? String(body.id ?? body._id ?? '');
      const problem = validatePolicyId(id);
      if (problem) throw new Error(problem);
      // The gateway refuses a body whose id differs from the path (gateway-facts §6): say so first.
      if (body.id !== undefined && body.id !== id)
        throw new Error(`The document's id '${body.id}' differs from the policy '${id}' being updated; make them equal.`);
      const result = await withCancellableProgress(`Updating policy in ${env.name}…`, (signal) => client.updatePolicy(id, body, { signal }));
      await closeSentTemplate(body);
      void vscode.window.showInformationMessage(`Policy '${body.name ?? id}' updated in ${env.name}.`);
      deps.explorer.provider.refresh();
      return result;
    } catch (err) {
      return reportFailure(deps, 'Could not update the policy', err);
    }
  };

  return [vscode.commands.registerCommand('svc.policy.create', createPolicy), vscode.commands.registerCommand('svc.policy.update', updatePolicy)];
}
