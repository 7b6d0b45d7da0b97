// What every command about an environment receives, and how it finds that environment and its
// management client. Menus pass a tree node, other commands and programmatic callers an
// argument object (the environment always travels as `environment`, a name), the palette
// nothing (then the active environment). One guard tells the cases apart.
import type { ManagementClient } from '../../../api/src/client';
import type { EnvironmentAccess } from '../environments/environmentAccess';
import type { Environment } from '../environments/model';
import type { ExplorerNode } from '../explorer/nodes';

/** A command's argument: a tree node, an argument object `T` naming the environment, or nothing. */
export type CommandArg<T extends object = object> = ExplorerNode | (T & { environment?: string }) | undefined;

/** True for a node of the Svc Gateway tree (what menus pass), false for an argument object. */
export function isExplorerNode(arg: unknown): arg is ExplorerNode {
  return !!arg && typeof arg === 'object' && 'type' in arg && 'id' in arg && 'collapsible' in arg && 'environment' in arg;
}

/** The argument object's members (empty for a node or nothing). */
export function argsOf<A extends object>(arg: A | undefined): Partial<Exclude<A, ExplorerNode>> & { environment?: string } {
  return arg && !isExplorerNode(arg) ? arg : {};
}

/** The environment a command works on, and a management client for it. */
export interface Target {
  environment: Environment;
  client: ManagementClient;
}

/** The environment the node or argument names, else the active one; throws a plain sentence when there is none. */
export async function resolveTarget(access: EnvironmentAccess, arg: CommandArg): Promise<Target> {
  const name = arg?.environment;
  const environment = access.resolveEnvironment(name);
  if (!environment) {
    throw new Error(
      name ? `Environment '${name}' does not exist; pick one with Svc: Switch Environment.` : 'No environment is active; add one with Svc: Add Environment.',
    );
  }
  return { environment, client: await access.clientFor(environment) };
}
