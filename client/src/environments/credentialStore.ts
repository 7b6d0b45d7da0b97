// Credentials in SecretStorage, keyed by the origin they are sent to (see secretKeyOf).
// Takes a SecretStorage-shaped object so unit tests run without VS Code.
import { CREDENTIAL_FAMILIES, originOf, secretKeyOf, targetUrlOf, type CredentialFamily, type Credentials, type EnvironmentSettings } from './model';

/** The part of `vscode.SecretStorage` used here. */
export interface SecretStore {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

export class CredentialStore {
  constructor(private readonly secrets: SecretStore) {}

  /** The credentials saved for the origins this environment points at now. */
  async read(env: EnvironmentSettings): Promise<Credentials> {
    const out: Credentials = {};
    for (const family of CREDENTIAL_FAMILIES) {
      const value = await this.secrets.get(secretKeyOf(env, family));
      if (value) out[family] = value;
    }
    return out;
  }

  /** Stores the given credentials; an empty string deletes that credential. Absent ones stay. */
  async write(env: EnvironmentSettings, credentials: Credentials): Promise<void> {
    for (const family of CREDENTIAL_FAMILIES) {
      const value = credentials[family];
      if (value === undefined) continue;
      const key = secretKeyOf(env, family);
      if (value === '') await this.secrets.delete(key);
      else await this.secrets.store(key, value);
    }
  }

  /** Which credentials are set, without revealing them (for pick lists and tooltips). */
  async presence(env: EnvironmentSettings): Promise<Record<CredentialFamily, boolean>> {
    const creds = await this.read(env);
    return {
      gatewaySecret: Boolean(creds.gatewaySecret),
      dashboardToken: Boolean(creds.dashboardToken),
      adminSecret: Boolean(creds.adminSecret),
    };
  }

  /** Forgets the credentials of a removed environment. */
  async forget(env: EnvironmentSettings): Promise<void> {
    for (const family of CREDENTIAL_FAMILIES) await this.secrets.delete(secretKeyOf(env, family));
  }

  /**
   * Moves credentials when an environment is renamed or edited. Only a credential whose
   * origin stays the same moves; one whose host changed is deleted, never carried to the new host.
   */
  async move(before: EnvironmentSettings, after: EnvironmentSettings): Promise<void> {
    for (const family of CREDENTIAL_FAMILIES) {
      const from = secretKeyOf(before, family);
      const to = secretKeyOf(after, family);
      if (from === to) continue;
      const value = await this.secrets.get(from);
      await this.secrets.delete(from);
      if (value && originOf(targetUrlOf(before, family)) === originOf(targetUrlOf(after, family))) await this.secrets.store(to, value);
    }
  }
}
