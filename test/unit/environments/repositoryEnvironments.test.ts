// The editor offers the environments of the repository's svc.environments.json as
// workspace-defined ones (host approval, restricted mode), with a CA file resolved in the repository.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { readRepositoryEnvironments } from '../../../client/src/environments/repositoryEnvironments';
import { decideRequest } from '../../../client/src/environments/requestDecision';

test('environments of svc.environments.json are workspace-defined: the host needs approval', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-repo-envs-'));
  const none = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-repo-none-'));
  try {
    fs.writeFileSync(
      path.join(folder, 'svc.environments.json'),
      JSON.stringify([
        { name: 'production', dashboardUrl: 'https://dash.example/', tls: { caFile: 'certs/ca.pem' } },
        { name: 'development', dashboardUrl: 'http://127.0.0.1:3000' },
      ]),
    );
    const { environments, problems } = readRepositoryEnvironments([folder, none]);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      environments.map((e) => [e.name, e.source, e.definedIn, e.dashboardUrl]),
      [
        ['production', 'workspace', 'svc.environments.json', 'https://dash.example'],
        ['development', 'workspace', 'svc.environments.json', 'http://127.0.0.1:3000'],
      ],
    );
    assert.equal(environments[0].tls?.caFile, path.join(folder, 'certs', 'ca.pem'));
    const decision = decideRequest(environments[1], { workspaceTrusted: true, approvedOrigins: [], mayAsk: true });
    assert.deepEqual(decision, { action: 'ask', origins: ['http://127.0.0.1:3000'] });
    assert.equal(decideRequest(environments[1], { workspaceTrusted: false, approvedOrigins: ['http://127.0.0.1:3000'], mayAsk: true }).action, 'block');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.rmSync(none, { recursive: true, force: true });
  }
});

test('a broken file is a problem to log, not a crash; no environment comes from it', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'svc-repo-bad-'));
  try {
    fs.writeFileSync(path.join(folder, 'svc.environments.json'), '[{"name": "p", "dashboardUrl": "https://a", "token": "x"}]');
    const { environments, problems } = readRepositoryEnvironments([folder]);
    assert.equal(environments.length, 0);
    assert.match(problems[0], /unknown member\(s\) token/);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});
