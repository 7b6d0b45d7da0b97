// Shapes the sandbox keeps in its store. They stay loose (`Json`) where the spec says "map":
// the sandbox stores what clients send and only looks at the members its rules need.

export type Json = Record<string, unknown>;

/** One credential per endpoint family (spec "Authentication"). */
export interface SandboxCredentials {
  /** `X-Svc-Authorization` for `/svc/...`. */
  gatewaySecret: string;
  /** `Authorization: Bearer <token>` for `/api/...`. */
  dashboardToken: string;
  /** `Admin-Auth` for `/admin/...`. */
  adminSecret: string;
}

export type ApiKind = 'classic' | 'oas' | 'streams';

/** An API as the sandbox holds it: one record per API id, whatever its format. */
export interface ApiRecord {
  /** The API id (`api_id` / `x-svc-api-gateway.info.id`). */
  id: string;
  /** The dashboard's database id (24 hex), `api_definition.id` and `info.dbId`. */
  dbId: string;
  kind: ApiKind;
  /** Classic: the stored definition (what the last write put there). */
  classic?: Json;
  /** Classic: the definition the gateway has loaded; differs from `classic` until a reload. */
  live?: Json;
  /** OAS and streams: the document with its extension members. */
  oas?: Json;
  createdAt: string;
  updatedAt: string;
  /** Set on an OAS copy made by the migrate endpoint's `stage` mode: the classic API it copies. */
  stagedFrom?: string;
  /** Set on the base of a staged copy: ids of the staged child versions (removed with it). */
  stagedChildren?: string[];
  /** Set when a migration replaced this API (`promote`/`direct`). */
  migrated?: 'promote' | 'direct';
  categories?: string[];
}

/** An access key: its id, its hash and the stored session. */
export interface KeyRecord {
  keyId: string;
  hash: string;
  session: Json;
}

export interface OrgKeyRecord {
  orgId: string;
  session: Json;
}

/** The live quota manager's counter for one key or organisation (the reference keeps it in Redis). */
export interface LiveQuota {
  id: string;
  remaining: number;
  renews: number;
  max: number;
}

export interface AnalyticsSet {
  /** The OAuth client the records belong to. */
  clientId: string;
  records: Json[];
}
