// The tree at scale: a sandbox with 10,000 more APIs (1,002 pages of 10; SVC_BENCH_TREE_APIS), read through the tree's own
// model, source and HTTP client as the extension does. Figures: the first level with its kind
// counts, and a filter that finds an API of the last page; once with `p=-1` (everything in one
// answer, the spec), once against a server that pages anyway (further pages in the background).
import * as os from 'node:os';
import { startSandbox } from '../sandbox/src/index';
import { ManagementClient } from '../api/src';
import { ExplorerModel } from '../client/src/explorer/explorerModel';
import { ManagementSource } from '../client/src/explorer/managementSource';
import type { ExplorerNode } from '../client/src/explorer/nodes';
import type { ResourceSource } from '../client/src/explorer/resourceSource';

const BULK = Number(process.env.SVC_BENCH_TREE_APIS ?? 10000);
const load = () => os.loadavg()[0].toFixed(1);
const name = (i: number) => `Bulk API ${String(i).padStart(5, '0')}`;

async function measure(source: ResourceSource): Promise<{ firstLevelMs: number; filterMs: number; found: boolean }> {
  const settled: Array<Promise<void>> = [];
  const model = new ExplorerModel({
    environments: () => [{ name: 'Bench', builtin: false, active: true, tooltip: '' }],
    sourceFor: async () => source,
    onBackgroundLoad: (_env, done) => settled.push(done),
  });
  const started = performance.now();
  const [env] = await model.children();
  const apis = (await model.children(env)).find((n) => n.type === 'apis')!;
  const kinds = (await model.children(apis)).filter((n) => n.type === 'apiKind');
  const firstLevelMs = performance.now() - started;
  const filterStarted = performance.now();
  await Promise.all(settled);
  model.setFilter(name(BULK));
  let shown: ExplorerNode[] = [];
  for (const kind of (await model.children(apis)).filter((n) => n.type === 'apiKind')) shown.push(...(await model.children(kind)));
  shown = shown.filter((n) => n.type === 'api');
  const filterMs = performance.now() - filterStarted;
  if (kinds.length !== 3) throw new Error('no kind groups');
  return { firstLevelMs, filterMs, found: shown.length === 1 && shown[0].label === name(BULK) };
}

export async function explorerBench(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, memory: true, log: () => undefined });
  try {
    const client = new ManagementClient({ name: 'bench', dashboardUrl: sandbox.url, credentials: sandbox.credentials });
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < BULK) {
          const i = ++next;
          const document = {
            openapi: '3.0.3',
            info: { title: name(i), version: '1' },
            paths: {},
            'x-svc-api-gateway': {
              info: { name: name(i), state: { active: true } },
              upstream: { url: 'http://u.invalid' },
              server: { listenPath: { value: `/bulk-${i}/` } },
            },
          };
          await client.createOasApi(document as never);
        }
      }),
    );
    const all = new ManagementSource(client);
    // A server that ignores `p=-1` and pages anyway: the tree loads the other pages in the background.
    const paging: ResourceSource = Object.assign(Object.create(all) as ResourceSource, { listApis: (page: number) => all.listApis(page < 0 ? 1 : page) });
    console.log(`\nThe tree at scale: ${BULK} more APIs in the sandbox (the dashboard listing pages by 10)`);
    for (const [label, source] of [
      ['p=-1 (everything at once)', all],
      ['server pages anyway', paging],
    ] as const) {
      const r = await measure(source);
      console.log(
        `  ${label.padEnd(28)} first level ${r.firstLevelMs.toFixed(0).padStart(6)} ms  target ≤ 1000 ms  ` +
          `${r.firstLevelMs <= 1000 ? 'ok' : 'MISSED'}  (load ${load()})`,
      );
      console.log(
        `  ${''.padEnd(28)} filter finds the last API ${r.filterMs.toFixed(0).padStart(6)} ms  target ≤ 2000 ms  ` +
          `${r.filterMs <= 2000 && r.found ? 'ok' : 'MISSED'}${r.found ? '' : ' (not found)'}`,
      );
    }
  } finally {
    await sandbox.close();
  }
}

if (require.main === module) {
  explorerBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
