// The editor's pull of one definition for an environment of svc.environments.json, with its
// questions: where the CLI stops (a change to the definition that reaches other environments
// without --into; local changes without --force), the editor asks, and pulls again with the
// answer. The wording of the definition-or-overlay question lives here too. Free of `vscode`.
import {
  pullDefinition,
  type PullDefinitionPorts,
  type PullDefinitionRequest,
  type PullDefinitionResult,
  type PullInto,
} from '../../../../engine/src/environments/pullDefinition';
import { overlayPathOf } from '../../../../engine/src/environments/render';
import type { OverwriteDecision } from '../../../../engine/src/sync/pullTypes';
import type { PullIntoFacts } from '../sync/syncUi';

export interface PullQuestions {
  /** Changes here since the last pull or push (`modified`), or unsaved in an editor: replace them, keep a copy first, or keep them. */
  askLocal(file: string, reason: 'modified' | 'unsaved'): Promise<OverwriteDecision>;
  /** Saves copies of the definition and its overlay as they are (for `copy`); returns what was written. */
  keepCopies(file: string, overlayFile: string): Promise<string[]>;
  askInto(facts: PullIntoFacts): Promise<PullInto | undefined>;
}

export type AskedPull =
  | Exclude<PullDefinitionResult, { status: 'kept' } | { status: 'needs-choice' }>
  /** The user kept local changes, or answered no question: nothing was written. */
  | { status: 'skipped'; file: string; why: 'kept' | 'no-choice' }
  | { status: 'kept-copy'; file: string; copies: string[]; result: Extract<PullDefinitionResult, { status: 'pulled' }> };

export async function pullAsking(request: PullDefinitionRequest, ports: PullDefinitionPorts, questions: PullQuestions): Promise<AskedPull> {
  let current = request;
  let copies: string[] = [];
  // At most one question of each kind: each answer removes the reason it was asked.
  for (;;) {
    const result = await pullDefinition(current, ports);
    if (result.status === 'kept') {
      if (current.force) throw new Error(`pulling ${result.file} again after replacing local changes still found local changes`);
      const decision = await questions.askLocal(result.file, result.reason);
      if (decision === 'skip') return { status: 'skipped', file: result.file, why: 'kept' };
      if (decision === 'copy') copies = await questions.keepCopies(result.file, overlayPathOf(request.environment, result.file));
      current = { ...current, force: true };
      continue;
    }
    if (result.status === 'needs-choice') {
      if (current.into) throw new Error(`pulling ${result.file} into the ${current.into} still asked where the change goes`);
      const into = await questions.askInto({
        environment: request.environment,
        items: [{ file: result.file, overlayFile: result.overlayFile, affected: result.affected }],
      });
      if (!into) return { status: 'skipped', file: result.file, why: 'no-choice' };
      current = { ...current, into };
      continue;
    }
    if (result.status === 'pulled' && copies.length) return { status: 'kept-copy', file: result.file, copies, result };
    return result;
  }
}

/** The definition-or-overlay question: its sentence, the details, and the two answers' labels. */
export function intoQuestion(facts: PullIntoFacts): { message: string; detail: string; base: string; overlay: string } {
  const { environment, items } = facts;
  const affected = [...new Set(items.flatMap((i) => i.affected))];
  const names = affected.map((n) => `'${n}'`).join(', ');
  const message =
    items.length === 1
      ? `'${environment}' changed ${items[0].file} in members its overlay does not set. Writing them to the definition changes ${names} too.`
      : `'${environment}' changed ${items.length} definitions in members its overlays do not set. Writing them to the definitions changes ${names} too.`;
  const detail = [
    ...items.slice(0, 8).map((i) => `• ${i.file} (also changes ${i.affected.join(', ')})`),
    ...(items.length > 8 ? [`… and ${items.length - 8} more`] : []),
    '',
    `The definition: every environment gets the change (${names} then show it as a local change to push). ` +
      `The overlay: only '${environment}' gets it, in ${items.length === 1 ? items[0].overlayFile : `environments/${environment}/`}. ` +
      'Cancel writes nothing.',
  ].join('\n');
  return {
    message,
    detail,
    base: `Write to the Definition (changes ${affected.join(', ')} too)`,
    overlay: `Write to ${environment}'s Overlay`,
  };
}
