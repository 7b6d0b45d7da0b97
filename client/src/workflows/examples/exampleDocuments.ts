// Read-only documents of examples under the `svc-example:` scheme (the readme for the Markdown
// preview). The text is fixed when the document is registered.
import * as vscode from 'vscode';
import { FixedTextDocuments } from '../../shared/fixedTextDocuments';

export const EXAMPLE_SCHEME = 'svc-example';

export class ExampleDocuments extends FixedTextDocuments {
  constructor() {
    super({ scheme: EXAMPLE_SCHEME, goneText: '_This example document is no longer available: open the example again._\n' });
  }
}

/** `svc-example:/<env>/<location>/<file>`: the location keeps its folders, so the tab reads well. */
export function exampleUri(environment: string, location: string, file: string): vscode.Uri {
  const segments = [environment, ...location.split('/'), file].map((s) => encodeURIComponent(s.replace(/[^\w.-]+/g, '_')));
  return vscode.Uri.from({ scheme: EXAMPLE_SCHEME, path: `/${segments.join('/')}` });
}
