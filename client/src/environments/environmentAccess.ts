// What a workflow needs from the environments area: the environment a command names (or the
// active one) and a management client for it. Workflow flows depend on this narrow type, so
// they can be driven in tests without the whole area.
import type { ManagementClient } from '../../../api/src/client';
import type { Environment } from './model';
import type { EnvironmentsArea } from './register';

export interface EnvironmentAccess {
  resolveEnvironment(name?: string): Environment | undefined;
  clientFor(env: Environment): Promise<ManagementClient>;
}

export function environmentAccess({ environments, clients }: EnvironmentsArea): EnvironmentAccess {
  return {
    resolveEnvironment: (name) => environments.resolve(name),
    clientFor: (env) => clients.clientFor(env),
  };
}
