// Stable schema identities: the `$id` base and the file that holds the root schema of each
// document kind. The `$id`s are part of the public contract (users reference them in settings).
import type { DocumentKind } from './kinds';

export const SCHEMA_BASE_URI = 'https://svc-gateway-tools.github.io/schemas/';

export const SCHEMA_FILE_BY_KIND: Record<DocumentKind, string> = {
  classic: 'classic-api.schema.json',
  'dashboard-api': 'dashboard-api.schema.json',
  oas: 'oas-api.schema.json',
  streams: 'streams-api.schema.json',
  policy: 'policy.schema.json',
  session: 'session.schema.json',
  webhook: 'webhook.schema.json',
  user: 'user.schema.json',
  'oauth-client': 'oauth-client.schema.json',
  policies: 'policies.schema.json',
  'oas-template': 'oas-template.schema.json',
  'streams-template': 'streams-template.schema.json',
};
