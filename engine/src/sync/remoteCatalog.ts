// The server's resources read from its listings, once per run (issue 32): endpoint 10's listing
// (`GET /api/apis?p=-1`, else the server's own pages: api/src/listingWalk.ts) carries each API's
// whole dashboard record, and endpoint 7 (`GET /svc/policies`) every policy. Pull All and diff of
// a whole environment read a resource from there instead of asking for it one by one; a resource
// the listing lacks (a key, an OAS API pulled in public form, a record without its document, an
// id the listing does not name) is read on its own, as `readRemote` reads it. Free of `vscode`.
import type { ManagementClient } from '../../../api/src/client';
import { isManagementApiError } from '../../../api/src/errors';
import { idsOfRecord, listEveryApi } from '../../../api/src/specFallbacks';
import type { DashApi, Policy } from '../../../api/src/types';
import { apiKindOf, policyNameOf } from './records';
import { dashboardRecordReadKnownMissing, hasDashboardCredential, oasName, readRemote, type ReadOptions, type RemoteSnapshot } from './remoteReader';
import type { RemoteTarget } from './syncKinds';

/** A listing this server (or this credential) cannot give: the catalog then reads one by one. */
const cannotList = (err: unknown) =>
  isManagementApiError(err, 'missing-endpoint') || isManagementApiError(err, 'missing-credential') || isManagementApiError(err, 'forbidden');

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * From this many resources on, reading the whole listing once is cheaper than reading each one
 * (two requests each for an OAS API); below it, a pull or diff of a few files reads only those.
 */
export const LISTING_FROM = 20;

export class RemoteCatalog {
  private apiRecords?: Promise<DashApi[]>;
  private apiIndex?: Promise<Map<string, DashApi> | undefined>;
  private policyList?: Promise<Policy[]>;
  /** Reads that went to the server one by one (for the benchmark and the tests). */
  singleReads = 0;

  /** `useListings: false`: every read goes to the resource itself (a few files: see LISTING_FROM). */
  constructor(
    readonly client: ManagementClient,
    private readonly signal?: AbortSignal,
    private readonly useListings = true,
  ) {}

  /**
   * Every API record, read once. Throws what the listing threw (a server or credential that
   * cannot list them: listTargets turns that into a note); `read` then reads one by one.
   */
  apis(): Promise<DashApi[]> {
    this.apiRecords ??= listEveryApi(this.client, { signal: this.signal });
    return this.apiRecords;
  }

  /** Every policy (endpoint 7), read once; throws as `apis` does. */
  policies(): Promise<Policy[]> {
    this.policyList ??= this.client.listPolicies({ signal: this.signal });
    return this.policyList;
  }

  /** Starts reading the listings now (when this catalog uses them), so they arrive while other work runs. */
  prefetch(): void {
    if (!this.useListings) return;
    // Failures surface where the listings are used (read falls back, listTargets notes them).
    this.index().catch(() => undefined);
    this.policies().catch(() => undefined);
  }

  /** The records by every id they answer to (API id and database id). */
  private index(): Promise<Map<string, DashApi> | undefined> {
    this.apiIndex ??= this.apis().then(
      (records) => {
        const byId = new Map<string, DashApi>();
        for (const record of records) for (const id of idsOfRecord(record)) if (!byId.has(id)) byId.set(id, record);
        return byId;
      },
      (err: unknown) => {
        if (cannotList(err)) return undefined;
        throw err;
      },
    );
    return this.apiIndex;
  }

  /**
   * The server's version of `target`, as `readRemote` would return it: from the listings when
   * they carry it whole, else read on its own.
   */
  async read(target: RemoteTarget, options: ReadOptions = {}): Promise<RemoteSnapshot> {
    const listed = this.useListings || this.listingNeeded(target) ? await this.fromListing(target, options) : undefined;
    if (listed) return listed;
    this.singleReads++;
    return readRemote(this.client, target, { signal: this.signal, ...options });
  }

  /**
   * A server without the read of one dashboard record (the spec has none) gives an API's record
   * only through the listing: once that is known, the listing is read once, not once per API.
   */
  private listingNeeded(target: RemoteTarget): boolean {
    return (target.kind === 'classic' || target.kind === 'oas') && hasDashboardCredential(this.client) && dashboardRecordReadKnownMissing(this.client);
  }

  /** Undefined when the listing cannot answer for this target (then it is read on its own). */
  private async fromListing(target: RemoteTarget, options: ReadOptions): Promise<RemoteSnapshot | undefined> {
    // The public form and key secrets are never in a listing.
    if (options.mode === 'public' || target.publicMode || options.withSecrets) return undefined;
    switch (target.kind) {
      case 'policy': {
        const policies = await this.policies().catch((err: unknown) => {
          if (cannotList(err)) return undefined;
          throw err;
        });
        if (!policies) return undefined;
        const found = policies.find((p) => p.id === target.id || p._id === target.id);
        // Endpoint 7 lists every policy: one it does not list is not there (readRemote says the same).
        return found ? { exists: true, document: found, name: policyNameOf(found) } : { exists: false };
      }
      case 'classic':
      case 'oas':
      case 'streams': {
        // readRemote reads classic and OAS records through the dashboard only with its token.
        if (!hasDashboardCredential(this.client)) return undefined;
        const record = (await this.index())?.get(target.id);
        return record ? snapshotOfRecord(target, record) : undefined;
      }
      case 'key':
        return undefined;
    }
  }
}

/**
 * What `readRemote` returns for an API, taken from its dashboard record, when the record carries
 * the whole of it; undefined when it does not (the caller then reads it on its own):
 * - classic: the record's `api_definition` (readRemote reads the same record, with a dashboard token);
 * - OAS: the record's `oas` document, which is what `PUT /api/apis/{apiId}` writes back (routing.ts);
 * - streams: the record's `oas` document (the streams document, `x-svc-streaming` and all).
 */
export function snapshotOfRecord(target: RemoteTarget, record: DashApi): RemoteSnapshot | undefined {
  const kind = apiKindOf(record);
  if (kind !== target.kind) {
    // A classic id that names an OAS or streams record is "not a classic definition" (readClassicApi).
    return target.kind === 'classic' ? { exists: false } : undefined;
  }
  switch (kind) {
    case 'classic': {
      const definition = record.api_definition;
      if (!isObject(definition)) return undefined;
      return { exists: true, document: definition, name: definition.name, dashboardRecord: record };
    }
    case 'oas': {
      const document = record.oas;
      if (!isObject(document) || !isObject(document['x-svc-api-gateway'])) return undefined;
      return { exists: true, document, name: oasName(document), dashboardRecord: record };
    }
    case 'streams': {
      const document = record.oas;
      if (!isObject(document) || !isObject(document['x-svc-streaming'])) return undefined;
      return { exists: true, document, name: oasName(document) };
    }
  }
}
