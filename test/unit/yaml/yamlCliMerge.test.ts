// `svc push` and `svc pull` merging a YAML file with a server that moved since the pull (issues 29
// and 30), over real HTTP, against the full sandbox and against `--spec-only`: the merge is written
// into the YAML file in place (its comments, key order and other lines kept), never as JSON; a
// conflict exits 3 and writes nothing.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runSvc } from '../../../engine/src/cli/main';
import type { CliIo } from '../../../engine/src/cli/io';
import { parseDefinitionText } from '../../../engine/src/sync/documentFormat';
import { readSnapshot } from '../../../engine/src/sync/stateFile';
import { SEED_API_IDS } from '../../../sandbox/src/seed/ids';
import { startCliWorld, type CliWorld } from '../engine/cliHarness';

const YAML = 'svc/payments.oas.yaml';
const JSON_FILE = 'svc/payments.oas.json';

/** Lines of `after` that differ from `before`'s at the same place (same line count asserted). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  assert.equal(b.length, a.length, after);
  return a.flatMap((line, i) => (line === b[i] ? [] : [`${line} → ${b[i]}`]));
}

for (const specOnly of [false, true]) {
  describe(`merging a YAML file with the server's changes (${specOnly ? 'spec-only server' : 'full sandbox'})`, () => {
    let w: CliWorld;
    /** Another person's workspace on the same server (JSON files). */
    let theirDir: string;
    const them = async (args: string[]) => {
      let stdout = '';
      let stderr = '';
      const io: CliIo = {
        cwd: theirDir,
        env: w.env,
        stdout: (t) => void (stdout += t),
        stderr: (t) => void (stderr += t),
        stderrIsTTY: false,
        stdinIsTTY: false,
        ask: () => Promise.resolve(false),
      };
      const code = await runSvc(args, io);
      return { code, stdout, stderr };
    };
    /** They change the OAS API on the server (pull it fresh, edit, push). */
    const theyChange = async (edit: (oas: any) => void) => {
      assert.equal((await them(['pull', '--force', JSON_FILE])).code, 0);
      const theirs = JSON.parse(await fs.readFile(path.join(theirDir, JSON_FILE), 'utf8'));
      edit(theirs);
      await fs.writeFile(path.join(theirDir, JSON_FILE), JSON.stringify(theirs, null, 2) + '\n');
      const pushed = await them(['push', '--yes', JSON_FILE]);
      assert.equal(pushed.code, 0, pushed.stdout + pushed.stderr);
    };
    const read = (file: string) => fs.readFile(path.join(w.dir, file), 'utf8');
    const write = (file: string, text: string) => fs.writeFile(path.join(w.dir, file), text);
    const server = async () => (await w.client.getOasApi(SEED_API_IDS.paymentsOas)) as any;

    before(async () => {
      w = await startCliWorld({ specOnly });
      theirDir = await fs.mkdtemp(path.join(os.tmpdir(), 'svc-cli-them-'));
      assert.equal((await w.svc(['pull', '--all', '--format', 'yaml'])).code, 0);
      assert.equal((await them(['pull', '--all'])).code, 0);
      // I keep comments in my YAML file (committed as pulled: the recorded value is unchanged).
      const pulled = await read(YAML);
      await write(YAML, `# Payments API, kept in git\n${pulled.replace(/^info:\n/m, 'info: # shown in the portal\n')}`);
      assert.equal((await w.svc(['diff', YAML])).code, 0, 'comments change no value');
    });
    after(async () => {
      await w?.close();
      if (theirDir) await fs.rm(theirDir, { recursive: true, force: true });
    });

    test('push --yes: the server changed another member → merged into the YAML file (comments kept), pushed; exit 0', async () => {
      await theyChange((oas) => void (oas['x-svc-api-gateway'].upstream.rateLimit.rate = 75));
      const mine = (await read(YAML)).replace(/^( {4}url: )https:\/\/payments\.example\.com$/m, '$1https://payments-v2.example.com # the new cluster');
      assert.match(mine, /payments-v2/, 'the upstream line was found');
      await write(YAML, mine);

      const run = await w.svc(['push', '--yes', YAML]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /merged with the server's changes \(written to the file before the push\): x-svc-api-gateway\.upstream\.rateLimit\.rate$/m);
      assert.match(run.stdout, /^ {4}~ x-svc-api-gateway\.upstream\.url$/m, 'the plan lists what is sent');
      assert.match(run.stdout, /^merged and pushed svc\/payments\.oas\.yaml$/m);

      // The file: still my YAML, with the server's rate on its own line and nothing else moved.
      const text = await read(YAML);
      assert.deepEqual(changedLines(mine, text), ['      rate: 50 →       rate: 75']);
      const remote = await server();
      assert.equal(remote['x-svc-api-gateway'].upstream.url, 'https://payments-v2.example.com');
      assert.equal(remote['x-svc-api-gateway'].upstream.rateLimit.rate, 75);
      assert.deepEqual(parseDefinitionText(YAML, text), remote);
      assert.equal((await w.svc(['diff', YAML])).code, 0, 'the base is refreshed');
    });

    test('pull over local YAML edits merges: the server’s change comes in on its line, mine and the comments stay; exit 0', async () => {
      await theyChange((oas) => void (oas['x-svc-api-gateway'].upstream.rateLimit.per = 30));
      const mine = (await read(YAML)).replace(/^( {2}title: ).*$/m, "$1'Payments (mine)'");
      assert.match(mine, /Payments \(mine\)/, 'the title line was found');
      await write(YAML, mine);

      const run = await w.svc(['pull', YAML]);
      assert.equal(run.code, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /^merged {5}svc\/payments\.oas\.yaml \(from the server: x-svc-api-gateway\.upstream\.rateLimit\.per; your changes kept\)$/m);
      const text = await read(YAML);
      assert.deepEqual(changedLines(mine, text), ['      per: 60 →       per: 30']);
      assert.ok(text.startsWith('# Payments API, kept in git\n'));
      // The new base is the server's version, its snapshot JSON like every other: only my change is left to push.
      const record = JSON.parse(await read('.svc/state.json')).files[YAML];
      assert.deepEqual(JSON.parse((await readSnapshot(w.dir, record.remoteHash))!), await server());
      const diff = JSON.parse((await w.svc(['diff', '--format', 'json', YAML])).stdout);
      assert.equal(diff.files[0].status, 'changed-locally');
      assert.deepEqual(
        diff.files[0].changes.map((c: any) => [c.pointer, c.side]),
        [['/info/title', 'local']],
      );
    });

    test('a conflict on a YAML file: push and pull exit 3, listing the path; nothing is sent or written', async () => {
      await theyChange((oas) => void (oas.info.title = 'Payments (theirs)'));
      const text = await read(YAML);
      const state = await read('.svc/state.json');

      const push = await w.svc(['push', '--yes', YAML]);
      assert.equal(push.code, 3, push.stdout + push.stderr);
      assert.match(
        push.stdout,
        /^ {2}conflict \/info\/title {2}\(info\.title\)\n {4}base: {3}"Payments"\n {4}mine: {3}"Payments \(mine\)"\n {4}theirs: "Payments \(theirs\)"$/m,
      );
      assert.equal((await server()).info.title, 'Payments (theirs)', 'nothing was sent');

      const pull = await w.svc(['pull', YAML]);
      assert.equal(pull.code, 3, pull.stdout + pull.stderr);
      assert.match(pull.stdout, /^conflict {3}svc\/payments\.oas\.yaml \(left as it is\)$/m);
      assert.match(pull.stdout, /^ {2}conflict \/info\/title {2}\(info\.title\)$/m);
      assert.equal(await read(YAML), text, 'the file is unchanged');
      assert.equal(await read('.svc/state.json'), state, 'nothing recorded');
    });
  });
}
