// Key commands: create a custom key (gateway style POST /svc/keys/{id} or dashboard style
// POST /api/keys/{id}), update a key (PUT /api/apis/{apiID}/keys/{keyID}), create an
// organisation key (POST /svc/org/keys/{id}), update an org key through the admin endpoint
// (PUT /admin/org/keys/{id}) and view key details (GET /api/apis/{apiID}/keys/{keyID}).
import { viewableKeyResult } from '../../shared/keyIds';
import * as vscode from 'vscode';
import {
  isManagementApiError,
  ManagementApiError,
  type ActionResult,
  type DashboardSession,
  type GatewaySession,
  type KeyResult,
  type StatusResult,
} from '../../../../api/src';
import { closeSentTemplate, resolveBody } from './bodySource';
import { describeResult, reportFailure, type ResourceDeps } from './commandContext';
import { argsOf, isExplorerNode, resolveTarget, type CommandArg } from '../../shared/commandArg';
import { withCancellableProgress } from '../../shared/progress';
import { createGatewayKeyOptions, createOrgKeyOptions, keyLookupOptions, updateKeyOptions, validateKeyId, type KeyStyle } from './keyOptions';
import { askText, pickApiId, pickKeyOptions, pickOne } from './prompts';
import type { ReadOnlyDocuments } from './readOnlyDocuments';
import { keyTemplate, orgKeyTemplate } from './templates';
import { grantedApiOfKey } from '../sync/remoteReader';
import { askKeyId, generateKeyId, KEY_STYLE_CHOICES } from './keyIdChoice';

export interface CreateKeyArgs {
  keyId?: string;
  generateKeyId?: boolean;
  style?: KeyStyle;
  options?: string[];
  body?: unknown;
}
export interface UpdateKeyArgs {
  apiId?: string;
  keyId?: string;
  options?: string[];
  body?: unknown;
}
export interface OrgKeyArgs {
  keyId?: string;
  options?: string[];
  body?: unknown;
}
export interface KeyDetailsArgs {
  apiId?: string;
  keyId?: string;
  options?: string[];
}

/** The key a key node stands for: its id and, when the listing knew it, an API id. */
function keyOfNode(arg: CommandArg<object>): { keyId?: string; apiId?: string } {
  if (isExplorerNode(arg) && arg.resource?.type === 'key') return { keyId: arg.resource.id, apiId: arg.resource.apiId };
  return {};
}

/** A template granting access to the first API the server lists, so the user only edits. */
async function templateForFirstApi(deps: ResourceDeps, client: Awaited<ReturnType<typeof resolveTarget>>['client']): Promise<Record<string, unknown>> {
  try {
    const first = (await client.listApis({ p: 1 })).apis?.[0];
    const def = first?.api_definition;
    const id = def?.api_id ?? (first?.oas?.['x-svc-api-gateway'] as { info?: { id?: string } } | undefined)?.info?.id;
    const name = def?.name ?? (first?.oas?.info as { title?: string } | undefined)?.title;
    return keyTemplate(id ? { id, name } : undefined);
  } catch (err) {
    deps.log.warn(`no API for the key template: ${(err as Error).message}`);
    return keyTemplate();
  }
}

/**
 * The admin endpoint only updates: for an org key it does not know, the generic "refresh the view"
 * hint helps nobody, while creating it (gateway endpoint) is what the user can do.
 */
function missingOrgKeyHint(err: unknown): unknown {
  if (!isManagementApiError(err, 'not-found')) return err;
  return new ManagementApiError({
    kind: err.kind,
    endpoint: err.endpoint,
    status: err.status,
    serverMessage: err.serverMessage,
    cause: err,
    hint: 'Check the organisation id, or create the org key first with Svc: Create Organisation Key.',
  });
}

export function registerKeyCommands(deps: ResourceDeps, documents: ReadOnlyDocuments): vscode.Disposable[] {
  const refreshKeys = () => deps.explorer.provider.refresh();

  const createKey = async (arg: CommandArg<CreateKeyArgs>): Promise<ActionResult | KeyResult | undefined> => {
    const given = argsOf(arg);
    const title = 'Svc: Create Key';
    try {
      const { environment: env, client } = await resolveTarget(deps, arg);
      const style = given.style ?? (await pickOne<KeyStyle>(title, 'Where should the key be created?', KEY_STYLE_CHOICES));
      const typed = given.keyId ?? (given.generateKeyId ? generateKeyId() : await askKeyId(title));
      const keyId = typed.trim();
      const idProblem = validateKeyId(keyId);
      if (idProblem) throw new Error(idProblem);
      const picked = style === 'gateway' ? (given.options ?? (await pickKeyOptions('createGateway', `${title}: options`))) : [];
      const options = style === 'gateway' ? createGatewayKeyOptions(picked) : {};
      const body = await resolveBody(
        { kind: 'session', what: 'key', action: 'Create Key', title, envName: env.name, start: () => templateForFirstApi(deps, client) },
        given.body,
      );
      const result = await withCancellableProgress(`Creating key in ${env.name}…`, (signal) =>
        style === 'gateway'
          ? client.createCustomKey(keyId, body as GatewaySession, { ...options, signal })
          : client.createDashboardKey(keyId, body as DashboardSession, { signal }),
      );
      await closeSentTemplate(body);
      deps.log.info(`key created in '${env.name}' (${style} style${picked.length ? `, ${picked.join(', ')}` : ''})`);
      // The key id is the key: offer it on the clipboard (never in a file or the log).
      void vscode.window
        .showInformationMessage(`Key created in ${env.name} (${describeResult(result) || 'ok'}).`, 'Copy Key')
        .then((pressed) => (pressed ? vscode.env.clipboard.writeText(keyId) : undefined));
      refreshKeys();
      return result;
    } catch (err) {
      return reportFailure(deps, 'Could not create the key', err);
    }
  };

  const updateKey = async (arg: CommandArg<UpdateKeyArgs>): Promise<KeyResult | undefined> => {
    const given = { ...keyOfNode(arg), ...argsOf(arg) };
    const title = 'Svc: Update Key';
    try {
      const { environment: env, client } = await resolveTarget(deps, arg);
      const keyId = given.keyId ?? (await askText(title, 'The key id (or its hash, or a username: choose that in the options)', { validate: validateKeyId }));
      const apiId = given.apiId ?? (await grantedApiOfKey(client, keyId).catch(() => undefined)) ?? (await pickApiId(client, title));
      const picked = given.options ?? (await pickKeyOptions('update', `${title}: options`));
      const options = updateKeyOptions(picked);
      const body = await resolveBody(
        {
          kind: 'session',
          what: 'key',
          action: 'Update Key',
          title,
          // Start from the key as the server has it now, so the user edits rather than retypes.
          start: async () => (await client.getKey(apiId, keyId, keyLookupOptions(picked.filter((o) => o !== 'suppressReset')))).data ?? {},
        },
        given.body,
      );
      const result = await withCancellableProgress(`Updating key in ${env.name}…`, (signal) =>
        client.updateKey(apiId, keyId, body as DashboardSession, { ...options, signal }),
      );
      await closeSentTemplate(body);
      deps.log.info(`key updated in '${env.name}'${picked.length ? ` (${picked.join(', ')})` : ''}`);
      void vscode.window.showInformationMessage(`Key updated in ${env.name}.`);
      refreshKeys();
      return result;
    } catch (err) {
      return reportFailure(deps, 'Could not update the key', err);
    }
  };

  const createOrgKey = async (arg: CommandArg<OrgKeyArgs>): Promise<ActionResult | undefined> => {
    const given = argsOf(arg);
    const title = 'Svc: Create Organisation Key';
    try {
      const { environment: env, client } = await resolveTarget(deps, arg);
      const keyId = given.keyId ?? (await askText(title, 'The organisation id (the org key is stored under it)', { validate: validateKeyId }));
      const picked = given.options ?? (await pickKeyOptions('createOrg', `${title}: options`));
      const body = await resolveBody(
        { kind: 'session', what: 'organisation key', action: 'Create Org Key', title, envName: env.name, start: () => Promise.resolve(orgKeyTemplate(keyId)) },
        given.body,
      );
      const result = await withCancellableProgress(`Creating organisation key in ${env.name}…`, (signal) =>
        client.createOrgKey(keyId, body as GatewaySession, { ...createOrgKeyOptions(picked), signal }),
      );
      await closeSentTemplate(body);
      void vscode.window.showInformationMessage(`Organisation key created in ${env.name} (${describeResult(result) || 'ok'}).`);
      return result;
    } catch (err) {
      return reportFailure(deps, 'Could not create the organisation key', err);
    }
  };

  const updateOrgKey = async (arg: CommandArg<OrgKeyArgs>): Promise<StatusResult | undefined> => {
    const given = argsOf(arg);
    const title = 'Svc: Update Organisation Key (Admin)';
    try {
      const { environment: env, client } = await resolveTarget(deps, arg);
      const keyId = given.keyId ?? (await askText(title, 'The org key id (the organisation id); sent with the admin secret', { validate: validateKeyId }));
      const body = await resolveBody(
        { kind: 'session', what: 'organisation key', action: 'Update Org Key', title, envName: env.name, start: () => Promise.resolve(orgKeyTemplate(keyId)) },
        given.body,
      );
      const result = await withCancellableProgress(`Updating organisation key in ${env.name}…`, (signal) =>
        client.updateOrgKeyAdmin(keyId, body as DashboardSession, { signal }),
      );
      await closeSentTemplate(body);
      void vscode.window.showInformationMessage(`Organisation key updated in ${env.name}: ${describeResult(result) || 'ok'}.`);
      return result;
    } catch (err) {
      return reportFailure(deps, 'Could not update the organisation key', missingOrgKeyHint(err));
    }
  };

  const showKeyDetails = async (arg: CommandArg<KeyDetailsArgs>): Promise<vscode.TextDocument | undefined> => {
    const given = { ...keyOfNode(arg), ...argsOf(arg) };
    const title = 'Svc: View Key Details';
    try {
      const { environment: env, client } = await resolveTarget(deps, arg);
      const keyId = given.keyId ?? (await askText(title, 'The key id (or its hash, or a username: choose that in the options)', { validate: validateKeyId }));
      const apiId = given.apiId ?? (await grantedApiOfKey(client, keyId).catch(() => undefined)) ?? (await pickApiId(client, title));
      const picked = given.options ?? (await pickKeyOptions('details', `${title}: options`));
      const result = await withCancellableProgress(`Reading key from ${env.name}…`, (signal) =>
        client.getKey(apiId, keyId, { ...keyLookupOptions(picked), signal }),
      );
      // The id masked and the secrets as placeholders: a details view is no place for credentials.
      return await documents.show(env.name, 'keys', result.data?.alias ? `key-${result.data.alias}` : 'key-details', viewableKeyResult(result));
    } catch (err) {
      return reportFailure(deps, 'Could not read the key', err);
    }
  };

  return [
    vscode.commands.registerCommand('svc.key.create', createKey),
    vscode.commands.registerCommand('svc.key.update', updateKey),
    vscode.commands.registerCommand('svc.key.createOrgKey', createOrgKey),
    vscode.commands.registerCommand('svc.key.updateOrgKey', updateOrgKey),
    vscode.commands.registerCommand('svc.key.showDetails', showKeyDetails),
  ];
}
