// Management clients per environment, built from the environment service's connection
// config (trust, approval and the Local sandbox are handled there), and connection tests.
import { ManagementClient } from '../../../api/src/client';
import type { ConnectionConfig, RequestLogLevel } from '../../../api/src/connection';
import type { Logger } from '../logging/logger';
import type { EnvironmentService } from './environmentService';
import type { Health } from './health';
import { healthFromError, healthFromReport } from './healthFromError';
import type { Credentials, Environment, EnvironmentSettings, EnvironmentSource } from './model';

export class ClientProvider {
  /** Clients by environment name, with the config they were built from. */
  private readonly clients = new Map<string, { key: string; client: ManagementClient }>();

  constructor(
    private readonly environments: EnvironmentService,
    private readonly log: Logger,
  ) {
    environments.onDidChange(() => this.clients.clear());
  }

  /** The request log: the client redacts credential headers before it calls this. Requests at debug, outcomes at info. */
  private readonly requestLogger = (line: string, level: RequestLogLevel) => (level === 'debug' ? this.log.debug(line) : this.log.info(line));

  async clientFor(env: Environment, askApproval = true): Promise<ManagementClient> {
    const config = await this.environments.connectionFor(env, { logger: this.requestLogger, askApproval });
    // The key stays in memory only; it changes when URL, TLS or a credential changes.
    const key = JSON.stringify({ ...config, logger: undefined });
    const cached = this.clients.get(env.name);
    if (cached?.key === key) return cached.client;
    const client = new ManagementClient(config);
    this.clients.set(env.name, { key, client });
    return client;
  }

  /** Tests a saved environment and records its health for the status bar. */
  async test(env: Environment, askApproval = true): Promise<Health> {
    let health: Health;
    try {
      health = healthFromReport(await (await this.clientFor(env, askApproval)).testConnection());
    } catch (err) {
      health = healthFromError(err);
    }
    this.environments.setHealth(env.name, health);
    this.log.info(`connection test of '${env.name}': ${health.state} — ${health.message}`);
    return health;
  }

  /**
   * Tests settings the user is entering (Add/Edit Environment) before anything is saved. The
   * credentials go out only under the same trust and approval decision as every other request:
   * nothing in an untrusted workspace, and a workspace-defined host (editing one) only once approved.
   */
  async testUnsaved(settings: EnvironmentSettings, credentials: Credentials, source: EnvironmentSource = 'user'): Promise<Health> {
    try {
      await this.environments.approval.ensureAllowed({ ...settings, source });
    } catch (err) {
      return healthFromError(err);
    }
    const config: ConnectionConfig = {
      name: settings.name,
      dashboardUrl: settings.dashboardUrl,
      gatewayUrl: settings.gatewayUrl,
      tls: settings.tls,
      credentials,
      logger: this.requestLogger,
      retries: 0,
    };
    try {
      return healthFromReport(await new ManagementClient(config).testConnection());
    } catch (err) {
      return healthFromError(err);
    }
  }
}
