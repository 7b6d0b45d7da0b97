// Read-only documents under the `svc-migrate:` scheme for the report's diffs: the classic
// definition (fetched from the server when first opened) and each generated OAS document
// (held in memory from the migrate response). The path ends in `.json` so the diff editor
// colours them as JSON and the language server checks them.
import * as vscode from 'vscode';
import { FixedTextDocuments } from '../../shared/fixedTextDocuments';

export const MIGRATE_SCHEME = 'svc-migrate';

export class MigrationDocuments implements vscode.Disposable {
  private readonly documents = new FixedTextDocuments({
    scheme: MIGRATE_SCHEME,
    goneText: '// This migration document is gone: run the migration again to see it.\n',
  });

  /** Registers (or replaces) a document; `load` runs when VS Code asks for the text. */
  set(uri: vscode.Uri, load: () => Promise<unknown>): vscode.Uri {
    return this.documents.set(uri, async () => `${JSON.stringify(await load(), null, 2)}\n`);
  }

  dispose(): void {
    this.documents.dispose();
  }
}

/** `svc-migrate:/<env>/<run>/<api id>/<name>.json`: `run` keeps documents of separate runs apart. */
export function migrationUri(environment: string, run: number, apiId: string, name: string): vscode.Uri {
  const safe = (s: string) => encodeURIComponent(s.replace(/[^\w.-]+/g, '_'));
  return vscode.Uri.from({ scheme: MIGRATE_SCHEME, path: `/${safe(environment)}/${run}/${safe(apiId)}/${safe(name)}.json` });
}
