// What the language service reports on migrated documents, for migrated.test.ts (the carried real
// definitions) and the conformance layer (the team's whole set).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertClassicToOas, skipReason, unwrapDashboardRecord } from '../../../migration/src/index';
import { diagnose } from './validation.helpers';

/** `path · severity code message` per diagnostic: a failure names every finding. */
export function findings(document: unknown): string[] {
  const { diagnostics } = diagnose(JSON.stringify(document, null, 2), { uri: 'file:///work/migrated.json' });
  return diagnostics.map(
    (d) =>
      `${(d.data as { pointer?: string } | undefined)?.pointer ?? ''} · ${d.severity} ${d.code} ${typeof d.message === 'string' ? d.message : d.message.value}`,
  );
}

/** Every convertible classic definition of `dir` migrated; the documents written and every finding on them. */
export function migratedFindings(dir: string): { documents: number; problems: string[] } {
  let documents = 0;
  const problems: string[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const definition of Array.isArray(parsed) ? parsed : [parsed]) {
      if (skipReason(unwrapDashboardRecord(definition), { mode: 'dryRun' })) continue;
      const result = convertClassicToOas(definition, { generateId: () => 'child' });
      if (!result.ok) {
        problems.push(`${file}: ${result.errors.join('; ')}`);
        continue;
      }
      for (const document of [result.baseAPI, ...result.versions]) {
        documents += 1;
        problems.push(...findings(document).map((f) => `${file}: ${f}`));
      }
    }
  }
  return { documents, problems };
}
