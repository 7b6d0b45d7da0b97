import type { DocumentKind } from '../../../common/src/kinds';
export declare const SCHEMA_BASE_URI = "https://svc-gateway-tools.github.io/schemas/";
export declare const SCHEMA_FILE_BY_KIND: Record<DocumentKind, string>;
