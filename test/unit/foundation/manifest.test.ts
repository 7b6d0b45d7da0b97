// The extension manifest as VS Code and the Marketplace read it: ids, categories, icons and the
// files the packaged .vsix must keep. A mistake here shows up only in a real VS Code (a command
// missing from the palette, a blank activity bar icon, a .vsix without its server).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const contributes = manifest.contributes;
const commandIds = new Set<string>(contributes.commands.map((c: { command: string }) => c.command));

test('every contributed command is svc.* in category Svc with a title', () => {
  for (const c of contributes.commands) {
    assert.match(c.command, /^svc\.[A-Za-z]/, c.command);
    assert.equal(c.category, 'Svc', c.command);
    assert.ok(c.title && c.title.trim(), `${c.command} has a title`);
  }
});

test('menus name only commands the extension contributes', () => {
  for (const [menu, items] of Object.entries<Array<{ command?: string }>>(contributes.menus ?? {})) {
    for (const item of items) {
      if (item.command?.startsWith('svc.')) assert.ok(commandIds.has(item.command), `${menu} names unknown ${item.command}`);
    }
  }
});

test('every setting is svc.* and declares its scope', () => {
  for (const [key, setting] of Object.entries<{ scope?: string }>(contributes.configuration.properties)) {
    assert.match(key, /^svc\./, key);
    assert.ok(setting.scope, `${key} declares a scope`);
  }
});

test('the Svc Gateway view container holds the svc.explorer view and its icons exist', () => {
  const container = contributes.viewsContainers.activitybar.find((c: { id: string }) => c.id === 'svc');
  assert.ok(container, 'activity bar container `svc` (command workbench.view.extension.svc)');
  assert.ok(contributes.views.svc.some((v: { id: string }) => v.id === 'svc.explorer'));
  assert.ok(existsSync(join(root, container.icon)), container.icon);
  assert.match(readFileSync(join(root, container.icon), 'utf8'), /^<svg[^>]*viewBox="0 0 24 24"/);
});

test('the extension icon is a 128x128 PNG', () => {
  const png = readFileSync(join(root, manifest.icon));
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(png.toString('latin1', 12, 16), 'IHDR');
  assert.equal(png.readUInt32BE(16), 128);
  assert.equal(png.readUInt32BE(20), 128);
});

test('engines.vscode admits the VS Code 1.139 the end-to-end layer runs', () => {
  const m = /^\^1\.(\d+)\.\d+$/.exec(manifest.engines.vscode);
  assert.ok(m, manifest.engines.vscode);
  assert.ok(Number(m[1]) <= 139, manifest.engines.vscode);
  const types = JSON.parse(readFileSync(join(root, 'node_modules/@types/vscode/package.json'), 'utf8')).version as string;
  assert.ok(Number(types.split('.')[1]) <= Number(m[1]), `@types/vscode ${types} must not exceed engines.vscode`);
});

/** The .vscodeignore negations (`!pattern`) as regular expressions, `**` and `*` as vsce reads them. */
function keptPatterns(): RegExp[] {
  return readFileSync(join(root, '.vscodeignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('!'))

    .map(
      (l) =>
        new RegExp(
          '^' +
            l
              .slice(1)
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*\*/g, '\u0000')
              .replace(/\*/g, '[^/]*')
              .replaceAll(String.fromCharCode(0), '.*') +
            '$',
        ),
    );
}

test('.vscodeignore keeps what the installed extension loads', () => {
  const kept = keptPatterns();
  const needed = [
    manifest.main.replace(/^\.\//, ''),
    'dist/server.js',
    'dist/svc-lint.js',
    'dist/sandbox-cli.js',
    'dist/sandbox.js',
    'dist/svc.js',
    'dist/migration.js', // the migration converter, loaded on first use
    'dist/schemas/classic-api.schema.json',
    'dist/examples/index.json',
    manifest.icon,
    'README.md',
    'LICENSE',
    'package.json',
    'snippets/svc.code-snippets', // the server's whole-document templates
  ];
  for (const file of needed)
    assert.ok(
      kept.some((r) => r.test(file)),
      `${file} is packaged`,
    );
  for (const file of ['node_modules/jsonc-parser/package.json', 'client/src/extension.ts', 'dist/client.js.map', 'test/e2e/run.mjs']) {
    assert.ok(!kept.some((r) => r.test(file)), `${file} stays out of the .vsix`);
  }
});
