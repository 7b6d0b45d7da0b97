// The intermediate form of a finding before it has a range: rules speak in JSON pointers,
// `toDiagnostics` turns a batch of them into LSP diagnostics with one pass of the locator.

import type { KindAssociations } from '../../../../common/src/detection';

export type { ProblemTarget, SvcDiagnosticData, Problem } from '../../../../validation/src/problem';

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
  /**
   * The YAML extension (redhat.vscode-yaml, setting `yaml.validate`) validates YAML documents:
   * their plain syntax errors and duplicate keys are left to it (docs/yaml.md).
   */
  yamlSyntaxReportedElsewhere?: boolean;
}

export const DEFAULT_VALIDATION_SETTINGS: ValidationSettings = {
  validationEnabled: true,
  maxValidatedSize: 5 * 1024 * 1024,
  associations: undefined,
  jsonSyntaxReportedElsewhere: false,
};
