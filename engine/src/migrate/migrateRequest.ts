// What to migrate and how, as plain data: the command's argument object, tree nodes and the
// user's answers become one MigrateRequest. Pure and free of `vscode`.
import type { MigrateMode, MigrateRequest } from '../../../api/src/types';

/** Either named APIs or every API on the server (the spec forbids combining both). */
export type MigrationTarget = { all: true } | { apiIDs: string[] };

export interface RunOptions {
  abortOnFailure?: boolean;
  overrideStaged?: boolean;
}

/** The modes a user picks after the dry run, with the words the UI shows. */
export const RUN_MODES: ReadonlyArray<{ mode: Exclude<MigrateMode, 'dryRun'>; label: string; detail: string; replacesClassic: boolean }> = [
  {
    mode: 'stage',
    label: 'Stage',
    detail: 'Create an inactive OAS copy next to each classic API (id <api id>-staged). The classic API stays live.',
    replacesClassic: false,
  },
  {
    mode: 'promote',
    label: 'Promote',
    detail: 'Replace each classic API by its staged OAS copy (same API id). APIs without a staged copy are skipped.',
    replacesClassic: true,
  },
  {
    mode: 'direct',
    label: 'Direct',
    detail: 'Convert and replace each classic API in one step (same API id; child versions get new ids).',
    replacesClassic: true,
  },
];

export function isRunMode(value: unknown): value is Exclude<MigrateMode, 'dryRun'> {
  return RUN_MODES.some((m) => m.mode === value);
}

export function buildMigrateRequest(mode: MigrateMode, target: MigrationTarget, options: RunOptions = {}): MigrateRequest {
  const request: MigrateRequest = 'all' in target ? { mode, all: true } : { mode, apiIDs: [...target.apiIDs] };
  if (options.abortOnFailure) request.abortOnFailure = true;
  // overrideStaged only means something when staging; sending it elsewhere would mislead the log.
  if (options.overrideStaged && mode === 'stage') request.overrideStaged = true;
  return request;
}

/** A tree node or API reference as far as migration cares. */
export interface ApiRef {
  apiId?: string;
  label?: string;
  /** 'classic' | 'oas' | 'streams' when known. */
  kind?: string;
}

/**
 * The ids to migrate from the clicked node and VS Code's multi-selection (which includes the
 * clicked node when it is part of it). Order kept, duplicates dropped; nodes without an API id
 * (groups, messages) ignored.
 */
export function targetFromNodes(
  clicked: ApiRef | undefined,
  selection: readonly ApiRef[] | undefined,
): { ids: string[]; names: Map<string, string>; nonClassic: string[] } {
  const nodes = selection && selection.length > 0 ? selection : clicked ? [clicked] : [];
  const ids: string[] = [];
  const names = new Map<string, string>();
  const nonClassic: string[] = [];
  for (const node of nodes) {
    if (!node.apiId || names.has(node.apiId)) continue;
    ids.push(node.apiId);
    names.set(node.apiId, node.label ?? node.apiId);
    if (node.kind && node.kind !== 'classic') nonClassic.push(node.label ?? node.apiId);
  }
  return { ids, names, nonClassic };
}

/** Describes a target for titles and confirmations. */
export function describeTarget(target: MigrationTarget, names: ReadonlyMap<string, string> = new Map()): string {
  if ('all' in target) return 'all APIs';
  if (target.apiIDs.length === 1) return `'${names.get(target.apiIDs[0]) ?? target.apiIDs[0]}'`;
  return `${target.apiIDs.length} APIs`;
}
