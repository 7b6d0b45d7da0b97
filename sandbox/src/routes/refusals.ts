// The sandbox refuses what the editor marks as an error, with the same validator: the shared
// validation core (validation/src/), loaded on the first write that needs it, so starting the
// sandbox compiles no schema. Errors only: warnings and hints never refuse a write.
import type { DocumentKind } from '../../../common/src/kinds.js';
import { HttpError } from '../http/results.js';

type Core = typeof import('../../../validation/src/index.js');
let core: Promise<Core> | undefined;

/**
 * Loads the core and compiles its validators one kind per turn of the event loop, after the
 * sandbox listens: the first write then finds them ready, and no burst of requests waits
 * behind one long compile (the sandbox's start is not delayed either).
 */
// Stryker disable all: warming only moves the schema compile earlier; no answer depends on it (timing only)
export function warmRefusals(): void {
  core ??= import('../../../validation/src/index.js');
  void core
    .then(async ({ getSchemaRegistry }) => {
      const registry = getSchemaRegistry();
      for (const kind of ['session', 'policy', 'classic', 'oas', 'streams'] as const) {
        await new Promise((resolve) => setImmediate(resolve));
        registry.validatorForKind(kind);
      }
    })
    .catch(() => undefined); // a failure shows on the first write instead
}
// Stryker restore all

/** The first refusal of `value` as a document of `kind`, in the reference's words; none = accepted. */
export async function refusalOf(kind: DocumentKind, value: unknown): Promise<string | undefined> {
  core ??= import('../../../validation/src/index.js');
  const { refusalsOf } = await core;
  const refusals = refusalsOf(kind, value);
  return refusals.length ? refusals.map((r) => r.message).join('\n') : undefined;
}

/** Throws a 400 with `message(reason)` when the core refuses the document. */
export async function refuseInvalid(kind: DocumentKind, value: unknown, message: (reason: string) => string): Promise<void> {
  const reason = await refusalOf(kind, value);
  if (reason !== undefined) throw new HttpError(400, message(reason));
}
