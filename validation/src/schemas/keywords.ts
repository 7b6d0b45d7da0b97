// Keywords our schemas carry that do not validate anything. ajv's strict mode rejects unknown
// keywords, so each is registered as an annotation; editors (VS Code, the YAML extension) read
// the standard ones, our language service reads the `x-svc-*` ones.
export const VSCODE_ANNOTATION_KEYWORDS = [
  'markdownDescription',
  'deprecationMessage',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'doNotSuggest',
  'defaultSnippets',
  'errorMessage',
  'patternErrorMessage',
  'allowComments',
  'allowTrailingCommas',
] as const;

export const SVC_ANNOTATION_KEYWORDS = [
  /** Name of the member that replaces a deprecated one (quick fix "replace by successor"). */
  'x-svc-replacedBy',
  /** Unit of a numeric or duration member: `seconds`, `bytes`, `requests`, `unix-seconds`... */
  'x-svc-unit',
  /** Which body style a session member belongs to: `G` gateway-style, `D` dashboard-style. */
  'x-svc-style',
  /**
   * Marks an accepted alternative that is not the spec's form (for example the reference
   * gateway's Go-style `"1m"` where the spec wants an integer): the language service warns and
   * offers a quick fix to the form named here.
   */
  'x-svc-nonSpecForm',
  /** Member names of newer gateways that are known, so they are not reported as unknown. */
  'x-svc-knownMembers',
] as const;

export const ANNOTATION_KEYWORDS: readonly string[] = [...VSCODE_ANNOTATION_KEYWORDS, ...SVC_ANNOTATION_KEYWORDS];
