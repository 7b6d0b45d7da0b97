// Key ids are credentials (whoever has one can call the APIs as that consumer): the tree,
// tooltips, tab titles and dialogs show a key's alias or a masked id (its last 4 characters:
// keys of one organisation share their first characters, so the end is what tells them apart, and
// never more than half of an id); only the explicit Copy Key ID command hands out the whole id.
// Free of `vscode`.
import { redactSecrets } from '../../../engine/src/sync/keySecrets';

/** `…wxyz`; ids of 8 characters or fewer are masked entirely (4 would be half of them or more). */
export function maskKeyId(id: string): string {
  if (id.length <= 8) return '••••';
  return `…${id.slice(-4)}`;
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
