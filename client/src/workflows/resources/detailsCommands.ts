// Read-only details: an OAuth client (GET /svc/oauth/clients/{apiID}/{clientId}) with its
// secret masked, Copy Client Secret (clipboard, never shown or logged), and a webhook
// (GET /api/hooks/{id}).
import * as vscode from 'vscode';
import type { OAuthClient } from '../../../../api/src';
import { reportFailure, type ResourceDeps } from './commandContext';
import { argsOf, isExplorerNode, resolveTarget, type CommandArg, type Target } from '../../shared/commandArg';
import { withCancellableProgress } from '../../shared/progress';
import { maskOAuthClient } from '../../shared/masking';
import { askText, pickOne } from './prompts';
import type { ReadOnlyDocuments } from './readOnlyDocuments';

export interface OAuthClientArgs {
  apiId?: string;
  clientId?: string;
}
export interface WebhookArgs {
  hookId?: string;
}

const required = (what: string) => (v: string) => (v.trim() ? undefined : `Enter the ${what}.`);

/** The OAuth client a node, an argument or the user names. */
export async function oauthClientOf(arg: CommandArg<OAuthClientArgs>, target: Target, title: string): Promise<{ apiId: string; clientId: string }> {
  const fromNode = isExplorerNode(arg) && arg.resource?.type === 'oauthClient' ? { apiId: arg.resource.apiId, clientId: arg.resource.id } : {};
  const given = { ...fromNode, ...argsOf(arg) };
  const apiId = given.apiId ?? (await askText(title, 'The id of the API the OAuth client belongs to', { validate: required('API id') }));
  const clientId = given.clientId ?? (await askText(title, 'The OAuth client id', { validate: required('client id') }));
  return { apiId, clientId };
}

export function registerDetailsCommands(deps: ResourceDeps, documents: ReadOnlyDocuments): vscode.Disposable[] {
  const fetchClient = async (arg: CommandArg<OAuthClientArgs>, title: string): Promise<{ target: Target; client: OAuthClient }> => {
    const target = await resolveTarget(deps, arg);
    const { apiId, clientId } = await oauthClientOf(arg, target, title);
    const client = await withCancellableProgress(`Reading OAuth client from ${target.environment.name}…`, (signal) =>
      target.client.getOAuthClient(apiId, clientId, { signal }),
    );
    return { target, client };
  };

  const showOAuthClient = async (arg: CommandArg<OAuthClientArgs>): Promise<vscode.TextDocument | undefined> => {
    try {
      const { target, client } = await fetchClient(arg, 'Svc: Show OAuth Client Details');
      return await documents.show(target.environment.name, 'oauth-clients', `oauth-client-${client.client_id ?? 'details'}`, maskOAuthClient(client));
    } catch (err) {
      return reportFailure(deps, 'Could not read the OAuth client', err);
    }
  };

  const copySecret = async (arg: CommandArg<OAuthClientArgs>): Promise<boolean> => {
    try {
      const { client } = await fetchClient(arg, 'Svc: Copy Client Secret');
      if (!client.secret) {
        void vscode.window.showWarningMessage(`OAuth client '${client.client_id}' has no secret on the server.`);
        return false;
      }
      await vscode.env.clipboard.writeText(client.secret);
      void vscode.window.showInformationMessage(`The secret of OAuth client '${client.client_id}' is on the clipboard.`);
      deps.log.info(`client secret of an OAuth client copied to the clipboard`);
      return true;
    } catch (err) {
      reportFailure(deps, 'Could not copy the client secret', err);
      return false;
    }
  };

  const showWebhook = async (arg: CommandArg<WebhookArgs>): Promise<vscode.TextDocument | undefined> => {
    const given = { hookId: isExplorerNode(arg) && arg.resource?.type === 'webhook' ? arg.resource.id : undefined, ...argsOf(arg) };
    const title = 'Svc: Show Webhook Details';
    try {
      const target = await resolveTarget(deps, arg);
      let hookId = given.hookId;
      if (!hookId) {
        const listing = withCancellableProgress(`Listing webhooks of ${target.environment.name}…`, (signal) => target.client.listWebhooks({ p: -1, signal }));
        const hooks = await listing.then(
          (e) => e.hooks ?? [],
          () => [],
        );
        hookId = hooks.length
          ? await pickOne(
              title,
              'The webhook',
              hooks.map((h) => ({ label: h.name ?? h.id ?? '?', description: `${h.method} ${h.target_path}`, value: String(h.id ?? h.webhook_id) })),
            )
          : await askText(title, 'The webhook id', { validate: required('webhook id') });
      }
      const id = hookId;
      const hook = await withCancellableProgress(`Reading webhook from ${target.environment.name}…`, (signal) => target.client.getWebhook(id, { signal }));
      return await documents.show(target.environment.name, 'webhooks', `webhook-${hook.name ?? hookId}`, hook);
    } catch (err) {
      return reportFailure(deps, 'Could not read the webhook', err);
    }
  };

  return [
    vscode.commands.registerCommand('svc.oauthClient.showDetails', showOAuthClient),
    vscode.commands.registerCommand('svc.oauthClient.copySecret', copySecret),
    vscode.commands.registerCommand('svc.webhook.showDetails', showWebhook),
  ];
}
