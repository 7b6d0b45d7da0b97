// The YAML part of the whole-process benchmark (issue 30): the 2 MB OAS document written as YAML
// (as pull writes YAML), svc-lint on it against Redocly CLI on the same YAML file, and the JSON
// form beside them (svc-lint's JSON path must not slow down: the YAML library loads only for YAML
// files); then the language server from spawn to the first diagnostics of the 2 MB document,
// YAML against JSON, in the same rounds.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LspClient } from '../test/protocol/helpers/lspClient';
import { toYamlText } from '../server/src/service/yaml/yamlWrite';
import { interleaved, line, load, mark, median, ms, ratio, redocly, RUNS, serverFlags, SUBJECT, svcLint, timeProcess, type Inputs } from './wholeProcess';

export async function yamlSection(inputs: Inputs): Promise<void> {
  mkdirSync(join(inputs.dir, 'yaml'), { recursive: true });
  const yamlFile = join(inputs.dir, 'yaml', 'oas-2mb.yaml');
  const jsonText = readFileSync(inputs.oas2, 'utf8');
  const yamlText = toYamlText(JSON.parse(jsonText));
  writeFileSync(yamlFile, yamlText);
  const figures = interleaved([svcLint('svc-lint 2 MB YAML', yamlFile), redocly('redocly 2 MB YAML', yamlFile), svcLint('svc-lint 2 MB JSON', inputs.oas2)]);
  const ours = figures.get('svc-lint 2 MB YAML')!;
  const peer = figures.get('redocly 2 MB YAML')!;
  console.log(`\nThe 2 MB OAS document as YAML (${(yamlText.length / 1e6).toFixed(1)} MB)   load ${load()}`);
  line('svc-lint 2 MB YAML', ms(ours));
  line('Redocly CLI lint 2 MB YAML', ms(peer), `svc-lint ${ratio(ours / peer)}   target ≤ 0.5×   ${mark(ours / peer <= 0.5)}`);
  line('svc-lint 2 MB JSON (same rounds)', ms(figures.get('svc-lint 2 MB JSON')!));

  const server = await firstDiagnostics(jsonText, yamlText);
  const slower = server.yaml / server.json;
  console.log(`\nLanguage server, spawn → first diagnostics of the 2 MB document   load ${load()}`);
  line('JSON form', ms(server.json));
  line('YAML form', ms(server.yaml), `${ratio(slower)} JSON   target ≤ 2×     ${mark(slower <= 2)}`);
}

/** Medians over interleaved rounds, a fresh server each time (as when VS Code opens the file). */
async function firstDiagnostics(jsonText: string, yamlText: string): Promise<{ json: number; yaml: number }> {
  const times = { json: [] as number[], yaml: [] as number[] };
  const once = async (languageId: 'json' | 'yaml', text: string): Promise<number> => {
    const start = performance.now();
    const client = await LspClient.start({ serverPath: join(SUBJECT, 'dist', 'server.js'), execArgv: serverFlags() });
    try {
      const uri = `file:///bench/oas-2mb.${languageId}`;
      client.open(uri, text, languageId);
      await client.waitForDiagnostics(uri, 1, 120000);
      return performance.now() - start;
    } finally {
      await client.stop();
    }
  };
  timeProcess({ name: 'warm-up', args: ['-e', ''], cwd: SUBJECT });
  for (let round = -1; round < RUNS; round++) {
    const json = await once('json', jsonText);
    const yaml = await once('yaml', yamlText);
    if (round < 0) continue;
    times.json.push(json);
    times.yaml.push(yaml);
  }
  return { json: median(times.json), yaml: median(times.yaml) };
}
