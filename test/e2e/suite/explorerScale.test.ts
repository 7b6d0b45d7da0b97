// Issue 14, the tree at scale and its counts, in a real VS Code: a sandbox holding 2,000 more
// APIs (202 pages of 10 on the dashboard listing). The first level paints with true counts, the
// filter and "Open API by name…" find an API of the last page, a refresh after a create shows the
// new API with no "Load more" anywhere, and classic APIs carry their own context value.
// Timing figures are in the benchmark (`npm run bench`), not asserted here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExplorerNode } from '../../../client/src/explorer/nodes';
import { summariseApi } from '../../../client/src/explorer/apiSummaries';
import { useSandboxEnvironment } from './helpers/sandboxEnvironment';
import { activeExtension } from './helpers/workspace';
import { waitFor } from './helpers/wait';
import { screenshot } from './helpers/screenshot';
import { hasDriver } from './helpers/workbench';

const ENV = 'E2E Many APIs';
const BULK = 2000;
const bulkName = (i: number) => `Bulk API ${String(i).padStart(4, '0')}`;
const oasDocument = (name: string, listen: string) => ({
  openapi: '3.0.3',
  info: { title: name, version: '1' },
  paths: {},
  'x-svc-api-gateway': {
    info: { name, state: { active: true } },
    upstream: { url: 'http://upstream.invalid' },
    server: { listenPath: { value: listen, strip: true } },
  },
});

describe('issue 14: the tree at scale', function () {
  this.timeout(240_000);
  const setup = useSandboxEnvironment(ENV, { cleanup: () => vscode.commands.executeCommand('svc.explorer.clearFilter') });
  const provider = () => setup.api.explorer.provider;
  const children = (node?: ExplorerNode) => provider().getChildren(node);
  async function child(parent: ExplorerNode | undefined, label: string | RegExp): Promise<ExplorerNode> {
    return waitFor(async () => (await children(parent)).find((c) => (typeof label === 'string' ? c.label === label : label.test(c.label))), {
      message: `a tree node '${label}' under '${parent?.label ?? '(root)'}'`,
    });
  }
  const kindGroups = async () => (await children(await child(await child(undefined, ENV), 'APIs'))).filter((n) => n.type === 'apiKind');
  /** What the server holds, by kind, counted behind the extension's back. */
  async function serverCounts(): Promise<Record<string, number>> {
    const all = ((await setup.server.listApis({ p: -1 })).apis ?? []).map(summariseApi);
    return {
      classic: all.filter((a) => a.kind === 'classic').length,
      oas: all.filter((a) => a.kind === 'oas').length,
      streams: all.filter((a) => a.kind === 'streams').length,
    };
  }

  before(async () => {
    await activeExtension();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < BULK) {
          const i = ++next;
          await setup.server.createOasApi(oasDocument(bulkName(i), `/bulk-${i}/`) as never);
        }
      }),
    );
    await vscode.commands.executeCommand('svc.switchEnvironment', ENV);
    provider().refresh();
  });

  it('paints the first level with true counts per kind, the seed’s two streams APIs included', async () => {
    const counts = await serverCounts();
    assert.equal(counts.streams, 2, 'the seed has two streams APIs');
    assert.ok(counts.oas >= BULK);
    const kinds = await kindGroups();
    assert.deepEqual(
      kinds.map((k) => `${k.label}: ${k.description}`),
      [`Classic APIs: ${counts.classic}`, `OAS APIs: ${counts.oas}`, `Streams APIs: ${counts.streams}`],
    );
    const apis = await child(await child(undefined, ENV), 'APIs');
    assert.ok(!(await children(apis)).some((n) => n.type === 'loadMore'), 'no "Load more APIs…"');
    const streams = await children(kinds[2]);
    assert.equal(streams.filter((n) => n.type === 'api').length, 2);
  });

  it('filters over every API: one of the last page is found', async () => {
    const last = bulkName(BULK);
    await vscode.commands.executeCommand('svc.explorer.filter', last);
    const oas = (await kindGroups()).find((k) => k.label === 'OAS APIs')!;
    assert.match(String(oas.description), /^1 of \d+$/);
    const shown = await children(oas);
    assert.deepEqual(
      shown.map((n) => n.label),
      [last],
    );
    const treeView = setup.api.explorer.treeView;
    await treeView.reveal(shown[0], { select: true, focus: true, expand: false });
    if (hasDriver()) assert.ok((await screenshot('explorer-filter-many-apis'))?.endsWith('.png'));
    await vscode.commands.executeCommand('svc.explorer.clearFilter');
  });

  it('"Open API by name…" opens an API of the last page', async () => {
    const name = bulkName(BULK - 1);
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('svc.openApiByName', { envName: ENV, name });
    assert.ok(document, 'a document was opened');
    assert.equal(JSON.parse(document.getText())['x-svc-api-gateway'].info.name, name);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('a refresh after a create shows the new API, keeps the counts true and shows no "Load more"', async () => {
    const before = (await kindGroups()).find((k) => k.label === 'OAS APIs')!;
    const count = Number(before.description);
    await setup.server.createOasApi(oasDocument('Zz Freshly Created', '/fresh/') as never);
    await vscode.commands.executeCommand('svc.explorer.refresh');
    const oas = await waitFor(async () => (await kindGroups()).find((k) => k.label === 'OAS APIs' && Number(k.description) === count + 1), {
      message: 'the OAS count to grow by one',
    });
    assert.ok((await children(oas)).some((n) => n.label === 'Zz Freshly Created'));
    const apis = await child(await child(undefined, ENV), 'APIs');
    const all = [...(await children(apis)), ...(await Promise.all((await kindGroups()).map((k) => children(k)))).flat()];
    assert.equal(all.filter((n) => n.type === 'loadMore').length, 0);
  });

  it('gives classic APIs the context value svc.api.classic, and only they get "Migrate to OAS…"', async () => {
    const kinds = await kindGroups();
    const [classic] = await children(kinds.find((k) => k.label === 'Classic APIs')!);
    const [oas] = await children(kinds.find((k) => k.label === 'OAS APIs')!);
    const [streams] = await children(kinds.find((k) => k.label === 'Streams APIs')!);
    assert.equal(provider().getTreeItem(classic).contextValue, 'svc.api.classic');
    assert.equal(provider().getTreeItem(oas).contextValue, 'svc.api');
    assert.equal(provider().getTreeItem(streams).contextValue, 'svc.api');
    const extension = await activeExtension();
    const manifest = JSON.parse(fs.readFileSync(path.join(extension.extensionPath, 'package.json'), 'utf8'));
    const migrate = manifest.contributes.menus['view/item/context'].filter((m: { command: string }) => m.command === 'svc.migrate');
    assert.deepEqual(
      migrate.map((m: { when: string }) => m.when),
      ['view == svc.explorer && viewItem == svc.api.classic'],
    );
  });
});
