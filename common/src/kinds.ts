// The kinds of document the extension understands. Each maps to one schema in `schemas/`.

export const DOCUMENT_KINDS = ['classic', 'dashboard-api', 'oas', 'streams', 'policy', 'session', 'webhook', 'user', 'oauth-client', 'policies'] as const;

export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  classic: 'Svc Classic API',
  'dashboard-api': 'Svc Dashboard API record',
  oas: 'Svc OAS API',
  streams: 'Svc Streams API',
  policy: 'Svc Policy',
  session: 'Svc Key (session)',
  webhook: 'Svc Webhook',
  user: 'Svc User',
  'oauth-client': 'Svc OAuth client',
  policies: 'Svc Policies (policies.json)',
};

export function isDocumentKind(value: unknown): value is DocumentKind {
  return typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);
}
