// The text format of a definition file: JSON, or YAML for `.yaml`/`.yml` files (OAS and streams
// documents: the gateway takes YAML for those). Push and Compare read a YAML file into the same
// JSON value the editor validates (the YAML front end of the language service: the gateway's
// reading of plain scalars, merges, aliases) and send JSON; pull writes into an existing YAML file
// changing only the nodes whose values changed (comments, key order and style stay), and a new
// pull writes YAML when asked (`svc.pull.format`). The YAML library is loaded only for YAML files.
import { isYamlFileName } from '../../../common/src/detection';
import { parseYaml } from '../../../server/src/service/yaml/yamlParse';
import { toYamlText } from '../../../server/src/service/yaml/yamlWrite';
import { updateYamlText } from '../../../server/src/service/yaml/yamlUpdate';
import { formatDocument } from './canonicalJson';

export type FileFormat = 'json' | 'yaml';

export const formatOfFile = (pathOrUri: string): FileFormat => (isYamlFileName(pathOrUri) ? 'yaml' : 'json');

/** The value a definition file holds; throws an Error saying what is wrong ("not valid JSON/YAML …"). */
export function parseDefinitionText(pathOrUri: string, text: string): unknown {
  const clean = text.replace(/^\uFEFF/, '');
  if (formatOfFile(pathOrUri) === 'json') return JSON.parse(clean);
  const parsed = parseYaml(clean, Number.POSITIVE_INFINITY);
  const error = parsed.findings.find((f) => f.severity === 'error');
  if (error) {
    const line = clean.slice(0, error.offset).split('\n').length;
    throw new SyntaxError(`not valid YAML for the gateway (line ${line}: ${error.message})`);
  }
  if (parsed.value === undefined || parsed.value === null) throw new SyntaxError('the YAML file holds no document');
  return parsed.value;
}

/**
 * The text to write for `document` into a file of this name: JSON as pull always wrote it, or
 * YAML — `existing` (the file's current YAML) updated in place when given and readable.
 */
export function definitionText(pathOrUri: string, document: unknown, existing?: string): string {
  if (formatOfFile(pathOrUri) === 'json') return formatDocument(document);
  if (existing !== undefined) {
    const updated = updateYamlText(existing, document);
    if (updated !== undefined) return updated;
  }
  return toYamlText(document);
}
