// Hints on keys (sessions) and policies that the gateway accepts but silently treats in a way
// users rarely mean (gateway facts §5, §6 and the checks recommended in §9.3).

import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { childPointer } from '../jsonPointer';
import { Codes } from '../codes';
import type { Problem } from '../problem';
import { obj, warning } from './util';

/** `now` (Unix seconds) is a parameter so tests are deterministic. */
export function keyProblems(value: unknown, isKey: boolean, now = Math.floor(Date.now() / 1000), base = ''): Problem[] {
  const doc = obj(value);
  if (!doc) return [];
  const out: Problem[] = [];
  // A past `expires` (> 1) is replaced by the stored value: 0 on create, so the key never expires.
  if (isKey && typeof doc.expires === 'number' && doc.expires > 1 && doc.expires < now) {
    const when = new Date(doc.expires * 1000).toISOString().slice(0, 16).replace('T', ' ');
    out.push(
      hint(
        base + '/expires',
        Codes.pastExpiry,
        `\`expires\` is in the past (${when} UTC): the gateway keeps the stored expiry instead, so a new key would never expire.`,
      ),
    );
  }
  if (doc.quota_max === 0) {
    out.push(
      hint(
        base + '/quota_max',
        Codes.quotaDisabled,
        '`quota_max` 0 turns quota enforcement off (as any value ≤ 0 does): use -1 for unlimited on purpose, or a positive number of requests.',
      ),
    );
  }
  // The gateway goes by the map key; an inner `api_id` naming another API is a copy-paste slip.
  const rights = obj(doc.access_rights);
  for (const [key, entry] of Object.entries(rights ?? {})) {
    const apiId = obj(entry)?.api_id;
    if (typeof apiId === 'string' && apiId !== '' && apiId !== key) {
      out.push(
        warning(
          childPointer(childPointer(base + '/access_rights', key), 'api_id'),
          'value',
          Codes.accessRightsApiId,
          `This entry is keyed \`${key}\` but its \`api_id\` is \`${apiId}\`: the gateway grants access to \`${key}\` (the key).`,
        ),
      );
    }
  }
  return out;
}

function hint(pointer: string, code: string, message: string): Problem {
  return { pointer, target: 'value', code, message, severity: DiagnosticSeverity.Hint };
}
