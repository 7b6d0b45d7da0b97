// Diagnostic codes of YAML documents (stable, like validation/src/codes.ts: add, never rename).
// Kept beside the YAML front end: only YAML documents carry them.

export const YamlCodes = {
  /** The YAML library's own syntax errors: `svc.yaml.<its error code in kebab case>`. */
  syntaxPrefix: 'svc.yaml.',
  /** A mapping names a key twice: the gateway's decoder (go-yaml v3) refuses the document. */
  duplicateKey: 'svc.yaml.duplicate-key',
  /** A second `---` document in the file. */
  severalDocuments: 'svc.yaml.several-documents',
  /** `<<` whose value is not a mapping or a sequence of mappings. */
  badMerge: 'svc.yaml.bad-merge',
  /** Aliases that expand past the limit (a "billion laughs" document). */
  aliasExpansion: 'svc.yaml.alias-expansion',
  /** `.inf`, `.nan`: numbers JSON cannot carry (the gateway cannot convert the document). */
  notJson: 'svc.yaml.not-json',
  /** A plain scalar the reader may not expect: yes/no/on/off, 0777, timestamps, 1.10… */
  surprisingScalar: 'svc.yaml.surprising-scalar',
} as const;
