// Public surface of the management client. Import from here, not from the files behind it.
export * from './types';
export {
  type ConnectionConfig,
  type ConnectionCredentials,
  type ConnectionTls,
  type Family,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_RETRIES,
  FAMILIES,
  baseUrlFor,
} from './connection';
export { ManagementApiError, isManagementApiError, type ErrorKind } from './errors';
export {
  ManagementClient,
  STREAMS_MEDIA_TYPE,
  type CallOptions,
  type PageOptions,
  type CreateOasApiOptions,
  type CreateCustomKeyOptions,
  type KeyLookupOptions,
  type UpdateKeyOptions,
  type StreamsPatchOptions,
  type GetExampleOptions,
  type FamilyCheck,
  type FamilyCheckState,
  type ConnectionReport,
} from './client';
