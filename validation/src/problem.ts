// The intermediate form of a finding before it has a range: rules speak in JSON pointers;
// the language server turns a batch of them into LSP diagnostics, the sandbox into its refusals.

import type { DiagnosticSeverity, DiagnosticTag, DiagnosticRelatedInformation } from 'vscode-languageserver-types';

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
  /** The reference gateway's own error for this refusal (the sandbox answers with it). */
  gatewayMessage?: string;
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
