// What sync needs to know of the server's records: an API record's kind and id, a policy's id
// and name. Servers differ in which members they fill, so every reader is defensive and never
// throws. Free of `vscode` (the explorer's summaries build on apiKindOf).
import type { DashApi, Policy } from '../../../api/src/types';

export type ApiRecordKind = 'classic' | 'oas' | 'streams';

/** Streams when the OAS part has `x-svc-streaming`; OAS when it has the gateway extension or `is_oas`; else classic. */
export function apiKindOf(record: DashApi): ApiRecordKind {
  const oas = record.oas;
  if (oas && oas['x-svc-streaming']) return 'streams';
  if ((oas && oas['x-svc-api-gateway']) || record.api_definition?.is_oas) return 'oas';
  return 'classic';
}

/** The API's id as the other endpoints take it ('' when the record names none). */
export function apiIdOf(record: DashApi): string {
  const classic = record.api_definition ?? {};
  if (apiKindOf(record) === 'classic') return String(classic.api_id ?? classic.id ?? '');
  return String(record.oas?.['x-svc-api-gateway']?.info?.id ?? classic.api_id ?? classic.id ?? '');
}

/** The API's name as people know it ('' when the record names none). */
export function apiNameOf(record: DashApi): string {
  const ext = record.oas?.['x-svc-api-gateway'];
  return String(ext?.info?.name || record.oas?.info?.title || record.api_definition?.name || '');
}

export function policyIdOf(policy: Policy): string {
  return String(policy.id || policy._id || '');
}

export function policyNameOf(policy: Policy): string {
  return policy.name || policyIdOf(policy);
}
