// Environments of the repository: the committed `svc.environments.json` at a workspace folder's
// root, the file the `svc` CLI reads (docs/cli.md, "Environments"). The editor offers them beside
// the `svc.environments` setting, as workspace-defined environments: a repository chooses their
// hosts, so restricted mode blocks them and the user approves each host before credentials go
// there, as for workspace settings. Credentials stay in SecretStorage (Set Credentials). Free of `vscode`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ENVIRONMENTS_FILE, parseEnvironments } from '../../../engine/src/environments/environmentsFile';
import { normaliseSettings, type Environment } from './model';

export { ENVIRONMENTS_FILE };

export function readRepositoryEnvironments(folders: readonly string[]): { environments: Environment[]; problems: string[] } {
  const environments: Environment[] = [];
  const problems: string[] = [];
  for (const folder of folders) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(folder, ENVIRONMENTS_FILE), 'utf8');
    } catch {
      continue; // no file in this folder
    }
    try {
      for (const declared of parseEnvironments(JSON.parse(text.replace(/^\uFEFF/, '')))) {
        // A CA file is named relative to the repository; the client needs the path itself.
        const caFile = declared.tls?.caFile ? path.resolve(folder, declared.tls.caFile) : undefined;
        const settings = normaliseSettings({ ...declared, tls: { caFile, allowSelfSigned: declared.tls?.allowSelfSigned } });
        environments.push({ ...settings, source: 'workspace', definedIn: ENVIRONMENTS_FILE, folder });
      }
    } catch (err) {
      problems.push(`${path.join(folder, ENVIRONMENTS_FILE)}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { environments, problems };
}
