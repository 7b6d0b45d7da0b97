// Key ids are credentials (whoever has one can call the APIs as that consumer): the tree,
// tooltips, tab titles and dialogs show a key's alias or a masked id (at most the first 4 and
// last 4 characters, and never more than a quarter of the id at each end, so at most half of it
// is shown); only the explicit Copy Key ID command hands out the whole id. Free of `vscode`.
import { redactSecrets } from '../../../engine/src/sync/keySecrets';

/**
 * `abcd…wxyz` for ids of 16 characters or more; shorter ids show fewer (`ab…yz` for 9 to 11),
 * so the characters shown are never more than half of the id; 8 or fewer are masked entirely.
 */
export function maskKeyId(id: string): string {
  const shown = Math.min(4, Math.floor(id.length / 4));
  if (id.length <= 8 || shown < 2) return '••••';
  return `${id.slice(0, shown)}…${id.slice(-shown)}`;
}

/** What a read-only key document shows: the id masked, the session's secrets as placeholders. */
export function viewableKeyResult<T extends { key_id?: string; data?: unknown }>(result: T): T {
  const data = result.data && typeof result.data === 'object' ? { ...(result.data as Record<string, unknown>) } : result.data;
  if (data && typeof data === 'object' && typeof (data as Record<string, unknown>).key_id === 'string') {
    (data as Record<string, unknown>).key_id = maskKeyId((data as Record<string, string>).key_id);
  }
  return {
    ...result,
    ...(typeof result.key_id === 'string' ? { key_id: maskKeyId(result.key_id) } : {}),
    data: redactSecrets(data).document,
  };
}
