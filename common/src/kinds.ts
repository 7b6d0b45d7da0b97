// The kinds of document the extension understands. Each maps to one schema in `schemas/`.

export const DOCUMENT_KINDS = [
  'classic',
  'dashboard-api',
  'oas',
  'streams',
  'policy',
  'session',
  'webhook',
  'user',
  'oauth-client',
  'policies',
  'oas-template',
  'streams-template',
] as const;

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
  'oas-template': 'Svc OAS import template',
  'streams-template': 'Svc Streams import template',
};

/** Import templates (the user says so: an association or a `$schema`): validated in the reference's template mode. */
export const TEMPLATE_KINDS: ReadonlySet<DocumentKind> = new Set<DocumentKind>(['oas-template', 'streams-template']);

/** The kind whose rules a document follows: a template follows its OAS or streams kind (in template mode). */
export function baseKindOf(kind: DocumentKind): DocumentKind {
  return kind === 'oas-template' ? 'oas' : kind === 'streams-template' ? 'streams' : kind;
}

export function isDocumentKind(value: unknown): value is DocumentKind {
  return typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);
}
