// The intermediate form of a finding before it has a range: rules speak in JSON pointers,
// `toDiagnostics` turns a batch of them into LSP diagnostics with one pass of the locator.

import type { DiagnosticSeverity, DiagnosticTag, DiagnosticRelatedInformation } from 'vscode-languageserver-types';
import type { KindAssociations } from '../../../../common/src/detection';

/** What part of the document a problem points at. */
export type ProblemTarget =
  /** The value at `pointer` (wrong type, bad enum value, bad IP...). */
  | 'value'
  /** The key of the member at `pointer` (unknown or deprecated member). */
  | 'key'
  /**
   * A member missing from the object at `pointer`: reported on that object's own key, or
   * on its opening brace when it has no key (the root, an array item).
   */
  | 'missing';

/** Data carried by a diagnostic for the quick fixes (survives the round trip to the client). */
export interface SvcDiagnosticData {
  /** JSON pointer of the member or value the diagnostic is about. */
  pointer: string;
  /** Unknown member: the close known name ("did you mean"). */
  suggestion?: string;
  /** Deprecated member: the member that replaces it. */
  replacedBy?: string;
  /** Missing required member: its name and a placeholder value of the right type. */
  missing?: string;
  placeholder?: unknown;
  /** Non-spec form: the form the spec wants (the schema's `x-svc-nonSpecForm`). */
  specForm?: string;
}

export interface Problem {
  pointer: string;
  target: ProblemTarget;
  message: string;
  code: string;
  severity: DiagnosticSeverity;
  tags?: DiagnosticTag[];
  data?: Partial<SvcDiagnosticData>;
  relatedInformation?: DiagnosticRelatedInformation[];
}

/** What the caller (LSP layer, svc-lint, tests) decides about validation. */
export interface ValidationSettings {
  /** `svc.validation.enable`: false = no diagnostics at all. */
  validationEnabled: boolean;
  /** Above this many characters only syntax is checked (one Information diagnostic says so). */
  maxValidatedSize: number;
  /** `svc.files.associations`: glob → kind. */
  associations?: KindAssociations;
  /**
   * The editor's JSON language service already reports the syntax errors of `json` documents
   * (VS Code with `json.validate.enable`): ours are left out there so each error shows once.
   * `jsonc` documents and svc-lint keep ours (see docs/language-server.md).
   */
  jsonSyntaxReportedElsewhere?: boolean;
}

export const DEFAULT_VALIDATION_SETTINGS: ValidationSettings = {
  validationEnabled: true,
  maxValidatedSize: 5 * 1024 * 1024,
  associations: undefined,
  jsonSyntaxReportedElsewhere: false,
};
