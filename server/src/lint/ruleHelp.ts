// What each diagnostic code means and what to do about it, for svc-lint's SARIF rules (code
// hosts show the help beside an annotation). The codes are the stable ones of
// service/validation/codes.ts; the table in docs/svc-lint.md says the same in prose.

import { Codes } from '../service/validation/codes';
import { YamlCodes } from '../service/yaml/yamlCodes';

export interface RuleHelp {
  /** One line (SARIF `shortDescription`). */
  summary: string;
  /** What to do (SARIF `help`). */
  help: string;
}

const SCHEMA_HELP =
  'The gateway refuses a document that breaks its schema. Read the message for the member and the allowed values; ' +
  'in VS Code, hover the member for its documentation and use completion for valid values.';

export const RULE_HELP: Record<string, RuleHelp> = {
  [Codes.tooDeep]: {
    summary: 'The document is nested deeper than 512 levels.',
    help: 'Flatten the document: it is not checked beyond this depth, and gateways refuse such nesting.',
  },
  [Codes.tooLarge]: {
    summary: 'The document is above the size limit: only its syntax was checked.',
    help: 'Split the document, or raise the limit in the editor setting (svc-lint checks every size).',
  },
  [Codes.type]: { summary: 'A value has the wrong JSON type.', help: SCHEMA_HELP },
  [Codes.enum]: { summary: 'A value is not one of the allowed values.', help: SCHEMA_HELP },
  [Codes.const]: { summary: 'A value must be one fixed value.', help: SCHEMA_HELP },
  [Codes.required]: { summary: 'A required member is missing.', help: 'Add the member named in the message; completion in VS Code inserts it with a default.' },
  [Codes.pattern]: { summary: 'A string does not have the required form.', help: SCHEMA_HELP },
  [Codes.format]: { summary: 'A string is not a valid URL, date, duration or other format.', help: SCHEMA_HELP },
  [Codes.range]: { summary: 'A number is outside its allowed range.', help: SCHEMA_HELP },
  [Codes.length]: { summary: 'A string, list or object is too short or too long.', help: SCHEMA_HELP },
  [Codes.items]: { summary: 'A list has items that are not allowed.', help: SCHEMA_HELP },
  [Codes.unique]: { summary: 'A list has duplicate items.', help: 'Remove the duplicates: the gateway expects each item once.' },
  [Codes.dependency]: { summary: 'A member needs another member beside it.', help: 'Add the member the message names, or remove the one that needs it.' },
  [Codes.notAllowed]: { summary: 'A member or value is not allowed here.', help: SCHEMA_HELP },
  [Codes.propertyName]: { summary: 'A member name does not have the required form.', help: SCHEMA_HELP },
  [Codes.schemaOther]: { summary: 'The document breaks its schema.', help: SCHEMA_HELP },
  [Codes.decoding]: {
    summary: "The gateway's Go decoder refuses the value for the member's type.",
    help:
      'Write the value the message gives: integer nanoseconds for a Go duration, a string such as "30s" for a readable duration, ' +
      'a whole number without ".0" or an exponent for an integer, 24 hex digits for an object id.',
  },
  [Codes.kvReference]: {
    summary: 'A key-value reference the gateway cannot parse.',
    help: 'Write $kv{store:path} (optionally #field), kv://store/path, or env://NAME, secrets://NAME, consul://path, vault://path.',
  },
  [Codes.loadSkip]: {
    summary: 'The gateway stores this API but skips it when loading: it is never served.',
    help: 'Give the API a listen path without spaces (such as /my-api/) and a target URL Go can parse (such as http://upstream:8080/).',
  },
  [Codes.unknownMember]: {
    summary: 'A member the schema does not declare here.',
    help: 'Check the spelling (the message suggests the closest known member) or remove it: the gateway ignores unknown members.',
  },
  [Codes.deprecated]: { summary: 'A deprecated member.', help: 'Use its successor (named in the message; the editor has a quick fix).' },
  [Codes.nonSpecForm]: {
    summary: 'A form the reference gateway accepts but the spec does not.',
    help: "Write the value in the spec's form (named in the message) so that every server built to the spec accepts it.",
  },
  [Codes.authSources]: {
    summary: 'An enabled auth method reads its credential from nowhere.',
    help: 'Enable at least one of header, query or cookie for the auth method, or disable the method.',
  },
  [Codes.ipCidr]: { summary: 'Not an IP address or CIDR range.', help: 'Write an IPv4/IPv6 address or a CIDR range such as 10.0.0.0/8.' },
  [Codes.timeout]: { summary: 'A negative timeout.', help: 'Timeouts are seconds and must be 0 or more.' },
  [Codes.loadBalancing]: {
    summary: 'Load balancing without usable targets.',
    help: 'Add targets to target_list (with weights above 0), or turn load balancing off.',
  },
  [Codes.securityScheme]: {
    summary: 'A security requirement names no security scheme.',
    help: 'Define the scheme under components.securitySchemes, or fix the name in the requirement.',
  },
  [Codes.vendorScheme]: {
    summary: 'Gateway settings for a scheme the OAS part does not define.',
    help: 'Define the scheme under components.securitySchemes or remove its x-svc-api-gateway settings.',
  },
  [Codes.operationId]: {
    summary: 'Middleware for an operationId that does not exist.',
    help: 'Use an operationId from paths, or add the operationId to the operation.',
  },
  [Codes.listenPath]: { summary: 'A listen path that does not start with /.', help: 'Start the listen path with / (for example /orders/).' },
  [Codes.duplicateListenPath]: {
    summary: 'The same listen path (and domain) in two documents.',
    help: 'Give each API its own listen path or custom domain: the gateway routes a request to only one of them.',
  },
  [Codes.duration]: { summary: 'A duration the gateway cannot read.', help: 'Write the duration in the form the message names.' },
  [Codes.apiId]: { summary: 'An API id the gateway refuses.', help: 'Use an id without /, \\ and other than . or ..' },
  [Codes.dataSourceNames]: { summary: 'Duplicate GraphQL data-source names.', help: 'Give each data source a unique name.' },
  [Codes.upstreamAuth]: {
    summary: 'Conflicting upstream authentication.',
    help: 'Use either upstream basic auth or OAuth, and OAuth with exactly one grant type.',
  },
  [Codes.pastExpiry]: { summary: 'A key expiry in the past.', help: 'Set expires to a future Unix time, or to 0 for a key that never expires.' },
  [Codes.quotaDisabled]: { summary: 'quota_max 0 turns quota enforcement off.', help: 'Set a positive quota_max, or -1 to say "unlimited" explicitly.' },
  [Codes.accessRightsApiId]: {
    summary: 'An access_rights entry names another API than its key.',
    help: "Make the entry's api_id equal its key in access_rights: the gateway goes by the key.",
  },
};

/** YAML documents' own codes (server/src/service/yaml/yamlCodes.ts; docs/yaml.md). */
const YAML_HELP: Record<string, RuleHelp> = {
  [YamlCodes.duplicateKey]: {
    summary: 'A YAML mapping names a key twice.',
    help: "Remove one of the two keys: the gateway's YAML decoder refuses the document.",
  },
  [YamlCodes.severalDocuments]: {
    summary: 'The YAML file holds more than one document.',
    help: 'Keep one API definition per file: move the documents after the first `---` into files of their own.',
  },
  [YamlCodes.badMerge]: {
    summary: 'A merge key `<<` has a value that is not a mapping.',
    help: 'Merge a mapping, an alias of one, or a list of them; or write the members out.',
  },
  [YamlCodes.aliasExpansion]: { summary: 'YAML aliases expand to too many values.', help: 'Write the repeated parts out, or anchor smaller parts.' },
  [YamlCodes.notJson]: { summary: 'A YAML number (.inf, .nan) has no JSON form.', help: 'Write a finite number, or quote it to make it text.' },
  [YamlCodes.surprisingScalar]: {
    summary: 'An unquoted YAML value means something else than it looks (yes/on, 0777, a date, 1.10).',
    help: 'Quote it to keep the text as written (the quick fix does), or write the value the gateway should read (true, 511, 1.1).',
  },
};

/** The help for a code; syntax codes (`svc.syntax.*`) share one. */
export function ruleHelpFor(code: string): RuleHelp {
  const known = RULE_HELP[code] ?? YAML_HELP[code];
  if (known) return known;
  if (code.startsWith(YamlCodes.syntaxPrefix)) {
    return {
      summary: 'The file is not valid YAML.',
      help: 'Fix the YAML syntax at the position shown (indentation and unclosed quotes are the usual causes).',
    };
  }
  if (code.startsWith(Codes.syntaxPrefix)) {
    return {
      summary: 'The file is not valid JSON.',
      help: 'Fix the JSON syntax at the position shown (a missing comma, quote or bracket is the usual cause).',
    };
  }
  return { summary: `Svc check ${code}.`, help: 'See the message; docs/svc-lint.md lists the codes.' };
}
