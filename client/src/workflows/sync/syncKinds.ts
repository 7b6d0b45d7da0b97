// The resources pull and push know, and how they map to the language server's document kinds
// (detection by content, common/src/detection.ts). Free of `vscode`.
import type { DocumentKind } from '../../../../common/src/kinds';

export const SYNC_KINDS = ['classic', 'oas', 'streams', 'policy', 'key'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

export const SYNC_KIND_LABELS: Record<SyncKind, string> = {
  classic: 'classic API',
  oas: 'OAS API',
  streams: 'streams API',
  policy: 'policy',
  key: 'key',
};

/** The sync kind of a detected document kind; undefined for kinds push does not handle. */
export function syncKindOf(kind: DocumentKind | undefined): SyncKind | undefined {
  switch (kind) {
    case 'classic':
    case 'oas':
    case 'streams':
    case 'policy':
      return kind;
    case 'session':
      return 'key';
    default:
      return undefined;
  }
}

export function isSyncKind(value: unknown): value is SyncKind {
  return typeof value === 'string' && (SYNC_KINDS as readonly string[]).includes(value);
}

/**
 * Which remote resource a file or `svc:` document stands for. Keys are addressed by their
 * hash (`keyHash`), never by their id: a key id is a credential and must not land in the
 * workspace (file names, `.svc/state.json`).
 */
export interface RemoteTarget {
  kind: SyncKind;
  /** API id, policy id, or for keys the key hash. */
  id: string;
  /** Keys: an API the key grants access to (endpoint 17 needs one in its path). */
  apiId?: string;
  /** OAS pulled with `mode=public` (no `x-svc-api-gateway`): not pushable. */
  publicMode?: boolean;
}
