// The kind of a document from its text, apart from VS Code (documentKind.ts passes the server's
// answer and the user's associations): push asks it for the document it sends. The text is read
// as push reads it (parseDefinitionText: JSON, or YAML for `.yaml`/`.yml`), so a YAML file's kind
// comes from its content like a JSON file's.
import { detectKind, type KindAssociations } from '../../../common/src/detection';
import type { DocumentKind } from '../../../common/src/kinds';
import { parseDefinitionText } from '../../../engine/src/sync/documentFormat';

/** The value of a definition file's text (JSON, or YAML by the name of `uri`); undefined for text that is neither. */
export function definitionValue(uri: string, text: string): unknown {
  try {
    return parseDefinitionText(uri, text);
  } catch {
    return undefined;
  }
}

/** The server's answer when it gave one (the text is not parsed then), else detection on the text's value with the associations. */
export function kindOfText(uri: string, text: string, serverKind: DocumentKind | undefined, associations: KindAssociations): DocumentKind | undefined {
  return serverKind ?? detectKind(uri, definitionValue(uri, text), associations)?.kind;
}
