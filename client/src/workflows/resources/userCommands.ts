// Add User (POST /api/users): asks the required members (email_address, first_name,
// last_name) and the permissions as JSON, checked as typed; shows the server's message.
import * as vscode from 'vscode';
import type { StatusResult } from '../../../../api/src';
import { answered, describeResult, reportFailure, type ResourceDeps } from './commandContext';
import { argsOf, resolveTarget, type CommandArg } from '../../shared/commandArg';
import { withCancellableProgress } from '../../shared/progress';
import { askText } from './prompts';
import { PERMISSIONS_TEMPLATE } from './templates';
import {
  AREA_LABELS,
  PERMISSION_AREAS,
  parsePermissions,
  permissionsFromPicks,
  validateEmail,
  validateName,
  validatePermissions,
  type PermissionPick,
} from './userInput';

export interface AddUserArgs {
  email_address?: string;
  first_name?: string;
  last_name?: string;
  /** An object, or its JSON text. */
  user_permissions?: unknown;
  /** Other members of the User record to send as they are (active, group_id, ...). */
  extra?: Record<string, unknown>;
}

/** Throws the validator's message (arguments get the same checks as typed answers). */
function checkedValue(value: string, validate: (v: string) => string | undefined): string {
  const problem = validate(value);
  if (problem) throw new Error(problem);
  return value.trim();
}

/** Step 4: a multi-select of the known areas and levels; "Edit as JSON…" for anything else (deny, unknown areas). */
async function askPermissions(title: string): Promise<string> {
  type Item = vscode.QuickPickItem & { pick: PermissionPick };
  const items: Item[] = [
    { label: '$(json) Edit as JSON…', detail: 'Write the permissions yourself (deny, areas not listed here); starts from what is ticked.', pick: 'json' },
    { label: '$(shield) Administrator', detail: 'Every area ({"IsAdmin": "admin"}); the other ticks are ignored.', pick: 'admin' },
    ...PERMISSION_AREAS.flatMap((area) =>
      (['read', 'write'] as const).map((level): Item => ({
        label: `${AREA_LABELS[area] ?? area}: ${level}`,
        description: `${area}`,
        pick: `${area}:${level}`,
        picked: PERMISSIONS_TEMPLATE[area] === level,
      })),
    ),
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: `${title} (4/4)`,
    placeHolder: 'Permissions: tick what the user may do (unticked areas are not granted); write includes read',
    canPickMany: true,
    ignoreFocusOut: true,
  });
  const picks = answered(picked).map((i) => i.pick);
  const permissions = permissionsFromPicks(picks);
  if (permissions && Object.keys(permissions).length > 0) return JSON.stringify(permissions);
  const start = permissionsFromPicks(picks.filter((p) => p !== 'json'));
  return askText(`${title} (4/4)`, 'Permissions as JSON: area → "read", "write" or "deny"; {"IsAdmin": "admin"} for an administrator', {
    value: JSON.stringify(start && Object.keys(start).length ? start : PERMISSIONS_TEMPLATE),
    validate: validatePermissions,
  });
}

export function registerUserCommands(deps: ResourceDeps): vscode.Disposable[] {
  const addUser = async (arg: CommandArg<AddUserArgs>): Promise<StatusResult | undefined> => {
    const given = argsOf(arg);
    const title = 'Svc: Add User';
    try {
      const { environment: env, client } = await resolveTarget(deps, arg);
      const email = checkedValue(
        given.email_address ?? (await askText(`${title} (1/4)`, 'E-mail address (required)', { placeHolder: 'name@example.com', validate: validateEmail })),
        validateEmail,
      );
      const first = checkedValue(
        given.first_name ?? (await askText(`${title} (2/4)`, 'First name (required)', { validate: validateName('first name') })),
        validateName('first name'),
      );
      const last = checkedValue(
        given.last_name ?? (await askText(`${title} (3/4)`, 'Last name (required)', { validate: validateName('last name') })),
        validateName('last name'),
      );
      const permissionsText =
        given.user_permissions === undefined
          ? await askPermissions(title)
          : typeof given.user_permissions === 'string'
            ? given.user_permissions
            : JSON.stringify(given.user_permissions);
      const parsed = parsePermissions(permissionsText);
      if (!parsed.ok) throw new Error(parsed.message);
      if (parsed.unknownAreas.length) deps.log.warn(`Add User: areas the reference dashboard does not know: ${parsed.unknownAreas.join(', ')}`);
      const user = { ...given.extra, email_address: email, first_name: first, last_name: last, user_permissions: parsed.permissions };
      const result = await withCancellableProgress(`Adding user ${email} to ${env.name}…`, (signal) => client.addUser(user, { signal }));
      void vscode.window.showInformationMessage(`${env.name}: ${describeResult(result) || 'user added'}.`);
      deps.log.info(`user added to '${env.name}': ${describeResult(result)}`);
      return result;
    } catch (err) {
      return reportFailure(deps, 'Could not add the user', err);
    }
  };
  return [vscode.commands.registerCommand('svc.user.add', addUser)];
}
