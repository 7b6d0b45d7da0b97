// The semantic rules per document kind. Dashboard records carry a classic definition in
// `api_definition` (and maybe an OAS document in `oas`); streams documents are OAS documents.

import type { DocumentKind } from '../../../common/src/kinds';
import type { Problem } from '../problem';
import { classicProblems } from './classic';
import { keyProblems } from './keys';
import { oasProblems } from './oas';
import { obj } from './util';
import { childPointer } from '../jsonPointer';

export function semanticProblems(kind: DocumentKind, value: unknown): Problem[] {
  switch (kind) {
    case 'classic':
      return classicProblems(value, '');
    case 'dashboard-api': {
      const record = obj(value);
      return [...classicProblems(record?.api_definition, '/api_definition'), ...(obj(record?.oas) ? oasProblems(record?.oas, '/oas') : [])];
    }
    case 'oas':
    case 'streams':
    case 'oas-template':
    case 'streams-template':
      return oasProblems(value, '');
    case 'session':
      return keyProblems(value, true);
    case 'policy':
      return keyProblems(value, false);
    case 'policies':
      // policies.json: every policy of the map, at its own pointer.
      return Object.entries(obj(value) ?? {}).flatMap(([id, policy]) => keyProblems(policy, false, undefined, childPointer('', id)));
    default:
      return [];
  }
}
