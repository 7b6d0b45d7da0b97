// The environments of this window: the `svc.environments` setting (user and workspace),
// the built-in Local sandbox, the active one, their credentials and their health.
// Everything that sends a request asks `connectionFor`, which applies trust and approval.
import * as vscode from 'vscode';
import type { ConnectionConfig } from '../../../api/src/connection';
import type { Logger } from '../logging/logger';
import { CredentialStore } from './credentialStore';
import type { Health } from './health';
import type { HostApproval } from './hostApproval';
import { createHostApproval } from './hostApprovalPrompt';
import type { LocalSandbox } from './localSandbox';
import { ENVIRONMENTS_FILE, readRepositoryEnvironments } from './repositoryEnvironments';
import { LOCAL_SANDBOX_NAME, parseEnvironmentList, type Credentials, type Environment, type EnvironmentSettings } from './model';

export const ENVIRONMENTS_SETTING = 'svc.environments';
export const SANDBOX_ENABLED_SETTING = 'svc.localSandbox.enabled';
const ACTIVE_KEY = 'svc.activeEnvironment';

export class EnvironmentService implements vscode.Disposable {
  readonly credentials: CredentialStore;
  readonly approval: HostApproval;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly healthChanged = new vscode.EventEmitter<string>();
  private readonly healthByName = new Map<string, Health>();
  private readonly disposables: vscode.Disposable[] = [];
  /** Fires when the list, an environment's settings or credentials, or the active one change. */
  readonly onDidChange = this.changed.event;
  /** Fires with the environment name whose health changed. */
  readonly onDidChangeHealth = this.healthChanged.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    readonly sandbox: LocalSandbox,
    private readonly log: Logger,
  ) {
    this.credentials = new CredentialStore(context.secrets);
    this.approval = createHostApproval(context.globalState);
    const repositoryWatcher = vscode.workspace.createFileSystemWatcher(`**/${ENVIRONMENTS_FILE}`);
    this.disposables.push(
      this.changed,
      this.healthChanged,
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(ENVIRONMENTS_SETTING) || e.affectsConfiguration(SANDBOX_ENABLED_SETTING)) this.fireChanged();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.fireChanged()),
      repositoryWatcher,
      repositoryWatcher.onDidCreate(() => this.fireChanged()),
      repositoryWatcher.onDidChange(() => this.fireChanged()),
      repositoryWatcher.onDidDelete(() => this.fireChanged()),
      context.secrets.onDidChange(() => this.changed.fire()),
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  private fireChanged(): void {
    this.healthByName.clear();
    this.changed.fire();
  }

  /**
   * Environments from settings, then those of the repository's svc.environments.json: user ones
   * first; a workspace one with a taken name is skipped.
   */
  configured(): Environment[] {
    const inspected = vscode.workspace.getConfiguration().inspect<unknown>(ENVIRONMENTS_SETTING);
    const user = parseEnvironmentList(inspected?.globalValue, 'user');
    const workspace = parseEnvironmentList(inspected?.workspaceValue, 'workspace');
    const folder = parseEnvironmentList(inspected?.workspaceFolderValue, 'workspace');
    const repository = readRepositoryEnvironments((vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath));
    for (const problem of [...user.problems, ...workspace.problems, ...folder.problems, ...repository.problems]) this.log.warn(problem);
    const out: Environment[] = [];
    for (const env of [...user.environments, ...workspace.environments, ...folder.environments, ...repository.environments]) {
      if (out.some((e) => e.name === env.name)) {
        this.log.warn(`environment '${env.name}' is defined twice; the ${env.source} definition is ignored`);
        continue;
      }
      out.push(env);
    }
    return out;
  }

  sandboxEnabled(): boolean {
    return vscode.workspace.getConfiguration().get<boolean>(SANDBOX_ENABLED_SETTING, true);
  }

  /** Every environment the tree shows: the configured ones, then the Local sandbox. */
  all(): Environment[] {
    const list = this.configured();
    if (this.sandboxEnabled()) list.push(this.sandbox.environment());
    return list;
  }

  find(name: string): Environment | undefined {
    return this.all().find((e) => e.name === name);
  }

  /** The environment a command names, or the active one when it names none. */
  resolve(name?: string): Environment | undefined {
    return name ? this.find(name) : this.active();
  }

  /** The chosen environment; else the first configured one; else the Local sandbox. */
  active(): Environment | undefined {
    const all = this.all();
    const chosen = this.context.globalState.get<string>(ACTIVE_KEY);
    return all.find((e) => e.name === chosen) ?? all[0];
  }

  async setActive(name: string): Promise<void> {
    await this.context.globalState.update(ACTIVE_KEY, name);
    this.changed.fire();
  }

  // ---- writing settings -------------------------------------------------------------------

  /** Adds an environment to the user settings and stores its credentials. */
  async add(settings: EnvironmentSettings, credentials: Credentials): Promise<void> {
    await this.credentials.write(settings, credentials);
    const list = this.rawList(vscode.ConfigurationTarget.Global);
    await this.writeList(vscode.ConfigurationTarget.Global, [...list, settings]);
    this.log.info(`environment '${settings.name}' added (${settings.dashboardUrl})`);
  }

  /** Replaces an environment where it is defined (user or workspace settings). */
  async update(oldName: string, settings: EnvironmentSettings, credentials: Credentials): Promise<void> {
    const env = this.requireInSettings(oldName);
    const target = targetOf(env);
    const list = this.rawList(target).map((item) => (nameOf(item) === oldName ? settings : item));
    await this.credentials.move(env, settings);
    await this.credentials.write(settings, credentials);
    await this.writeList(target, list);
    if (this.context.globalState.get<string>(ACTIVE_KEY) === oldName) await this.context.globalState.update(ACTIVE_KEY, settings.name);
    this.log.info(`environment '${oldName}' updated (${settings.dashboardUrl})`);
  }

  async remove(name: string): Promise<void> {
    const env = this.requireInSettings(name);
    const target = targetOf(env);
    await this.writeList(
      target,
      this.rawList(target).filter((item) => nameOf(item) !== name),
    );
    await this.credentials.forget(env);
    this.log.info(`environment '${name}' removed`);
  }

  async setCredentials(name: string, credentials: Credentials): Promise<void> {
    const env = this.requireConfigured(name);
    await this.credentials.write(env, credentials);
    this.healthByName.delete(name);
    this.log.info(`credentials of '${name}' updated (${Object.keys(credentials).join(', ') || 'none'})`);
    this.changed.fire();
  }

  private requireConfigured(name: string): Environment {
    const env = this.configured().find((e) => e.name === name);
    if (!env) throw new Error(name === LOCAL_SANDBOX_NAME ? 'The Local sandbox is built in and cannot be changed.' : `No environment named '${name}'.`);
    return env;
  }

  /** Editing and removing change settings: an environment of svc.environments.json is changed in that file. */
  private requireInSettings(name: string): Environment {
    const env = this.requireConfigured(name);
    if (env.definedIn) throw new Error(`'${name}' is declared in ${env.definedIn} of the repository: change or remove it there.`);
    return env;
  }

  private rawList(target: vscode.ConfigurationTarget): unknown[] {
    const inspected = vscode.workspace.getConfiguration().inspect<unknown>(ENVIRONMENTS_SETTING);
    const value = target === vscode.ConfigurationTarget.Global ? inspected?.globalValue : inspected?.workspaceValue;
    return Array.isArray(value) ? [...(value as unknown[])] : [];
  }

  private async writeList(target: vscode.ConfigurationTarget, list: unknown[]): Promise<void> {
    await vscode.workspace.getConfiguration().update(ENVIRONMENTS_SETTING, list, target);
    this.fireChanged();
  }

  // ---- connecting --------------------------------------------------------------------------

  /**
   * What the management client needs for `env`. Throws RequestsBlockedError when nothing may
   * be sent (untrusted workspace, unapproved workspace host); starts the Local sandbox on first use.
   */
  async connectionFor(env: Environment, options: { logger?: ConnectionConfig['logger']; askApproval?: boolean } = {}): Promise<ConnectionConfig> {
    const { logger } = options;
    if (env.source === 'builtin') {
      const started = await this.sandbox.ensureStarted();
      return { name: env.name, dashboardUrl: started.url, credentials: { ...started.credentials }, logger };
    }
    await this.approval.ensureAllowed(env, options.askApproval !== false);
    const credentials = await this.credentials.read(env);
    return { name: env.name, dashboardUrl: env.dashboardUrl, gatewayUrl: env.gatewayUrl, tls: env.tls, credentials, logger };
  }

  // ---- health ------------------------------------------------------------------------------

  health(name: string): Health {
    return this.healthByName.get(name) ?? { state: 'unknown', message: 'Not checked yet.' };
  }

  setHealth(name: string, health: Health): void {
    const before = this.healthByName.get(name);
    if (before?.state === health.state && before.message === health.message) return;
    this.healthByName.set(name, health);
    this.healthChanged.fire(name);
  }
}

function targetOf(env: Environment): vscode.ConfigurationTarget {
  return env.source === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
}

function nameOf(item: unknown): string | undefined {
  return item && typeof item === 'object' && typeof (item as { name?: unknown }).name === 'string' ? (item as { name: string }).name.trim() : undefined;
}
