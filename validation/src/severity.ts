// The one severity rule (docs/language-server.md, "What is an error"): an error means the
// reference gateway would refuse the document, or it cannot work. Only errors fail svc-lint,
// make push ask "the server will probably refuse it", and make the sandbox answer 400;
// warnings, information and hints never do. Everyone asks these two functions.
// No imports on purpose: the client bundles this file without the validator.

/** The source every diagnostic of ours carries (LSP `Diagnostic.source`). */
export const DIAGNOSTIC_SOURCE = 'svc';

/** LSP's DiagnosticSeverity.Error (1). VS Code's own enum numbers differ: convert first. */
export const REFUSAL_SEVERITY = 1;

/**
 * Does the reference refuse a document of `kind` for lacking `member` in the object at
 * `parentPointer` (a JSON pointer)? Not when the reference fills the member in itself:
 * - a classic definition, bare or in a dashboard record (gateway-facts §1): the gateway never runs
 *   the classic schema, and a definition that fails it still loads with the decoder's defaults
 *   (a record's `oas` part, an OAS-native API's document, follows the OAS rule below);
 * - in an import template (`oas-template`, `streams-template`), the members import completes
 *   (gateway-facts §8.4): `info.name` (from `info.title`), `info.state.active`, `upstream.url`
 *   (from `servers` or `upstreamURL`), `server.listenPath.value` (default `/`), and the objects
 *   that hold them: the reference validates templates in its template mode, which drops exactly
 *   these `required`s. In an OAS or streams document they are refused: the create (POST), update
 *   (PUT) and PATCH endpoints run the full schema, and only import fills them in.
 * Every other missing member of a schema the reference runs is refused.
 */
export function refusesMissingMember(kind: string, parentPointer: string, member: string): boolean {
  const filler = filledInBy(kind, parentPointer, member);
  // Only the import endpoint fills the extension's members in; POST, PUT and PATCH run the full
  // schema and refuse the document. A template (the user says so) is checked in template mode.
  if (filler === 'import') return !isTemplate(kind);
  return filler === undefined;
}

/** Import templates (`oas-template`, `streams-template`): the reference's template mode drops these members' `required`. */
export function isTemplate(kind: string): boolean {
  return kind === 'oas-template' || kind === 'streams-template';
}

/** Who fills a missing member in: the classic decoder's defaults, OAS import and PATCH, or nobody. */
export function filledInBy(kind: string, parentPointer: string, member: string): 'decoder' | 'import' | undefined {
  // The streams template mode also drops `x-svc-streaming`'s own `required` (streams/ValidateOASTemplateWithBentoValidator).
  if (kind === 'streams-template' && parentPointer === '/x-svc-streaming' && member === 'streams') return 'import';
  if (oasPointer(kind, parentPointer) !== undefined) return filledOnImportAt(kind, parentPointer, member) ? 'import' : undefined;
  return kind === 'classic' || kind === 'dashboard-api' ? 'decoder' : undefined;
}

/**
 * The member's path below the extension (`/server/listenPath/value`) when import and PATCH fill it
 * in, else `undefined`: what the warning's wording is chosen by (messages.ts).
 */
export function filledOnImportAt(kind: string, parentPointer: string, member: string): string | undefined {
  const pointer = oasPointer(kind, parentPointer);
  if (pointer === undefined || !pointer.startsWith(EXTENSION)) return undefined;
  const parent = pointer.slice(EXTENSION.length);
  return COMPLETED_ON_IMPORT.get(parent)?.includes(member) ? `${parent}/${member}` : undefined;
}

/** The pointer within an OAS document: the document itself, or a dashboard record's `oas` part (an OAS-native API). */
function oasPointer(kind: string, pointer: string): string | undefined {
  if (kind === 'oas' || kind === 'streams' || isTemplate(kind)) return pointer;
  if (kind === 'dashboard-api' && (pointer === OAS_PART || pointer.startsWith(OAS_PART + '/'))) return pointer.slice(OAS_PART.length);
  return undefined;
}

const EXTENSION = '/x-svc-api-gateway';
const OAS_PART = '/oas';
/** Per object of the extension (pointer below it): the members import and PATCH fill in. */
const COMPLETED_ON_IMPORT = new Map<string, readonly string[]>([
  ['', ['info', 'upstream', 'server']],
  ['/info', ['name', 'state']],
  ['/info/state', ['active']],
  ['/upstream', ['url', 'loadBalancing']],
  ['/server', ['listenPath']],
  ['/server/listenPath', ['value']],
]);

/** Does a diagnostic of ours (LSP numbering) mean "the reference would refuse it"? */
export function isRefusal(diagnostic: { severity?: number; source?: string }): boolean {
  return diagnostic.source === DIAGNOSTIC_SOURCE && (diagnostic.severity ?? REFUSAL_SEVERITY) === REFUSAL_SEVERITY;
}
