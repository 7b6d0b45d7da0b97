// The set-up most suites share: a fresh in-memory sandbox, a `ManagementClient` to check what
// the server holds, the extension's API, and an environment for the sandbox added through the
// real command; afterwards the environment is removed and the sandbox closed. Each suite gets
// its own sandbox so suites cannot see each other's changes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startSandbox } from '../../../../sandbox/src/index';
import { ManagementClient } from '../../../../api/src';
import type { SvcTestingApi } from '../../../../client/src/testing/testingApi';
import { testingApi } from './workspace';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export interface SandboxEnvironment {
  readonly sandbox: Sandbox;
  /** Checks the server directly, behind the extension's back. */
  readonly server: ManagementClient;
  readonly api: SvcTestingApi;
}

export interface SandboxEnvironmentOptions {
  /** Runs first in the `after` hook, while the environment and sandbox still exist (close editors, remove other environments). */
  cleanup?: () => unknown;
  /** Serve only the spec's 24 endpoints (`startSandbox({ specOnly: true })`), like a strict server built to the spec. */
  specOnly?: boolean;
}

/**
 * Registers mocha `before`/`after` hooks in the calling `describe` and returns getters valid
 * once `before` ran. The suite's own `before` hooks, registered later, run after this one.
 */
export function useSandboxEnvironment(name: string, options: SandboxEnvironmentOptions = {}): SandboxEnvironment {
  let current: { sandbox: Sandbox; server?: ManagementClient; api?: SvcTestingApi } | undefined;
  const ready = <K extends keyof SandboxEnvironment>(key: K): SandboxEnvironment[K] => {
    const value = current?.[key];
    if (!value) throw new Error(`useSandboxEnvironment('${name}'): ${key} is not set up (read it inside a test or a later hook)`);
    return value as SandboxEnvironment[K];
  };

  before(async () => {
    const sandbox = await startSandbox({ port: 0, memory: true, specOnly: options.specOnly === true });
    current = { sandbox };
    current.server = new ManagementClient({ name: 'check', dashboardUrl: sandbox.url, credentials: sandbox.credentials });
    current.api = await testingApi();
    const added = await vscode.commands.executeCommand('svc.addEnvironment', { name, dashboardUrl: sandbox.url, ...sandbox.credentials });
    assert.equal(added, name);
  });

  after(async () => {
    await options.cleanup?.();
    await vscode.commands.executeCommand('svc.removeEnvironment', name, { confirmed: true });
    await current?.sandbox.close();
  });

  return {
    get sandbox() {
      return ready('sandbox');
    },
    get server() {
      return ready('server');
    },
    get api() {
      return ready('api');
    },
  };
}
