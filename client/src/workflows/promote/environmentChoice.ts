// Which environment a workspace file is compared with, and whether as a rendered definition (an
// environment of the repository's svc.environments.json: its overlay, its ids, the shared deploy
// state) or as a bare pulled file (any other environment: `.svc/state.json`, as before). Pure.
import { overlayPathOf } from '../../../../engine/src/environments/render';

export type EnvironmentChoice =
  /** Render the definition for this declared environment. */
  | { kind: 'rendered'; environment: string }
  /** Today's comparison of the bare file (an environment not declared in the file, or none known yet). */
  | { kind: 'bare'; environment?: string }
  /** Several environments track it and nothing tells which: the user picks one of these. */
  | { kind: 'ask'; choices: string[] };

export interface ChoiceFacts {
  /** The environments svc.environments.json declares (empty without the file). */
  declared: readonly string[];
  /** Declared environments whose deploy state records the definition (for a folder: one under it). */
  tracking: readonly string[];
  /** Given by the caller (an argument of the command). */
  explicit?: string;
  /** The environments of the file's `.svc/state.json` records (for a folder: of the files under it). */
  recorded?: readonly string[];
  /** The overlay's environment, when the file is an overlay `environments/E/…`. */
  overlayOf?: string;
  active?: string;
}

export function chooseEnvironment(facts: ChoiceFacts): EnvironmentChoice {
  const as = (environment: string): EnvironmentChoice =>
    facts.declared.includes(environment) ? { kind: 'rendered', environment } : { kind: 'bare', environment };
  if (facts.explicit) return as(facts.explicit);
  if (facts.overlayOf && facts.declared.includes(facts.overlayOf)) return { kind: 'rendered', environment: facts.overlayOf };
  const candidates = [...new Set([...facts.tracking, ...(facts.recorded ?? [])])];
  // The active environment, when it is one the file belongs to; else the only one; else ask.
  if (facts.active && candidates.includes(facts.active)) return as(facts.active);
  if (candidates.length === 1) return as(candidates[0]);
  if (candidates.length > 1) return { kind: 'ask', choices: candidates };
  return facts.active ? as(facts.active) : { kind: 'bare' };
}

/**
 * A path relative to the root (`/` separators) as a definition: an overlay `environments/E/P` of a
 * declared `E` stands for `P` in `E`; anything else is itself.
 */
export function definitionOfPath(relative: string, declared: readonly string[]): { file: string; overlayOf?: string } {
  const match = /^environments\/([^/]+)\/(.+)$/.exec(relative);
  if (match && declared.includes(match[1]) && overlayPathOf(match[1], match[2]) === relative) return { file: match[2], overlayOf: match[1] };
  return { file: relative };
}

/** True when `file` is `folder` itself or under it (`''`: the root, everything). */
export function isUnder(file: string, folder: string): boolean {
  return folder === '' || file === folder || file.startsWith(`${folder}/`);
}
