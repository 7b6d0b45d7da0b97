import { type DocumentKind } from '../../../common/src/kinds';
import type { DocumentKindParams } from '../../../common/src/protocol';
export type DetectionSource = NonNullable<DocumentKindParams['source']>;
export interface Detection {
    kind: DocumentKind;
    source: DetectionSource;
}
/** `svc.files.associations`: glob → kind, e.g. `{ "**\/apis/*.json": "classic" }`. */
export type KindAssociations = Record<string, string> | undefined;
/**
 * Detects the kind of a document from its uri and parsed value. `$schema` wins (it travels with
 * the file), then the first matching association, then the content.
 */
export declare function detectKind(uri: string, value: unknown, associations?: KindAssociations): Detection | undefined;
/** `…/oas-api.schema.json`, `./schemas/oas-api.schema.json#` or the bare file name → `oas`. */
export declare function kindFromSchemaReference(reference: string): DocumentKind | undefined;
/** The kind of the first association whose glob matches the document's path. */
export declare function kindFromAssociations(uri: string, associations: KindAssociations): DocumentKind | undefined;
/** The path part of a uri (`file:///a/b%20c.json` → `/a/b c.json`); plain paths pass through. */
export declare function pathOfUri(uri: string): string;
/** The kind a value's shape says, or `undefined` when it is not one of ours. */
export declare function kindFromContent(value: unknown): DocumentKind | undefined;
