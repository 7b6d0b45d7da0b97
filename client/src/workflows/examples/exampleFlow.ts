// The examples workflows: browse the catalogue (quick pick with categories, features and
// minimum version), preview an example's readme (Markdown preview of a read-only document),
// open its definition as a new untitled JSON file, and create an API from it through the push
// pipeline of workflows/sync (error check, diff, confirm), like any other push.
import type { EnvironmentAccess } from '../../environments/environmentAccess';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { nameInDocument } from '../../explorer/resourceTitles';
import { containedPath } from '../../../../engine/src/sync/pathContainment';
import type { ManagementClient } from '../../../../api/src/client';
import { isManagementApiError } from '../../../../api/src/errors';
import type { ExampleApiDefinition } from '../../../../api/src/types';
import type { Environment } from '../../environments/model';
import { errorInfoOf } from '../../explorer/errorInfo';
import type { Logger } from '../../logging/logger';
import type { PushOutcome } from '../sync/pushPipeline';
import type { SyncArea } from '../sync/register';
import type { OasVersionChoice } from '../sync/routing';
import { resolveTarget } from '../../shared/commandArg';
import { isCancellation, unlessCancelled, withCancellableProgress } from '../../shared/progress';
import { classicAsOas } from './classicAsOas';
import { definitionFileName, exampleDefinition, pickRows, readmeText, toEntry, type ExampleEntry } from './exampleCatalogue';
import { type ExampleDocuments, exampleUri } from './exampleDocuments';

export type ExampleAction = 'readme' | 'definition' | 'create';

export interface ExampleArgs {
  environment?: string;
  location?: string;
  /** Browse: what to do with the picked example. */
  action?: ExampleAction;
  /** A classic example is created as an OAS API (the API has no classic create): skip that question. */
  convertClassic?: boolean;
}

export interface ExampleFlowDeps extends EnvironmentAccess {
  documents: ExampleDocuments;
  /** The sync area's push of a VS Code document: error check, diff, confirm, progress, refresh. */
  pushDocument: SyncArea['pushDocument'];
  /** The sync area's pull: after a create, the new API is written under the pull folder and tracked. */
  pull?: SyncArea['pull'];
  log: Logger;
}

const ACTIONS: ReadonlyArray<{ label: string; detail: string; action: ExampleAction }> = [
  { label: '$(book) Preview Readme', detail: 'Read what the example does, in the Markdown preview', action: 'readme' },
  { label: '$(json) Open Definition', detail: 'Open the API definition as a new, unsaved JSON file', action: 'definition' },
  { label: '$(cloud-upload) Create API from Example…', detail: 'Check, diff and confirm, then create the API on the environment', action: 'create' },
];

export class ExampleFlow {
  constructor(private readonly deps: ExampleFlowDeps) {}

  /** The catalogue with each example's details (features, minimum version). */
  async catalogue(client: ManagementClient, signal?: AbortSignal): Promise<ExampleEntry[]> {
    const summaries = await client.listExamples({ signal });
    const details = await mapLimited(summaries, 4, (s) =>
      client.getExample(s.location, { signal }).catch((err) => {
        if (signal?.aborted) throw err;
        this.deps.log.warn(`example ${s.location}: details not readable (${errorInfoOf(err).message}); listed without them`);
        return undefined;
      }),
    );
    return summaries.map((s, i) => toEntry(s, details[i]));
  }

  /** `svc.examples.browse`: pick an example, then an action. Returns what the action returned. */
  async browse(args: ExampleArgs): Promise<unknown> {
    if (args.location === '') return undefined; // "Open Example by Location…" was cancelled
    return this.guard(args.environment, 'Browsing the examples failed', async (env, client) => {
      let location = args.location;
      if (!location && client.availability.isMissing(EXAMPLES_INDEX)) {
        location = await askLocation(env, NO_CATALOGUE);
        if (!location) return undefined;
      }
      if (!location) {
        const title = `Svc: reading the examples catalogue (${env.name})`;
        const entries = await unlessCancelled(withCancellableProgress(title, (signal) => this.catalogueOrNothing(client, signal)));
        if (entries === NOT_OFFERED) return this.browse({ ...args, environment: env.name, location: (await askLocation(env, NO_CATALOGUE)) ?? '' });
        if (!entries) return undefined;
        if (entries.length === 0) {
          void vscode.window.showInformationMessage(`'${env.name}' serves no examples.`);
          return undefined;
        }
        const picked = await vscode.window.showQuickPick(
          pickRows(entries).map((r) =>
            r.separator
              ? { label: r.label, kind: vscode.QuickPickItemKind.Separator }
              : { label: r.label, description: r.description, detail: r.detail, location: r.location },
          ),
          {
            title: `Svc examples (${env.name})`,
            placeHolder: 'Pick an example (category · features · minimum version)',
            matchOnDescription: true,
            matchOnDetail: true,
            ignoreFocusOut: true,
          },
        );
        location = (picked as { location?: string } | undefined)?.location;
        if (!location) return undefined;
      }
      const action = args.action ?? (await vscode.window.showQuickPick(ACTIONS, { title: location, ignoreFocusOut: true }))?.action;
      if (!action) return undefined;
      const next = { ...args, environment: env.name, location };
      if (action === 'readme') return this.previewReadme(next);
      if (action === 'definition') return this.openDefinition(next);
      return this.createApi(next);
    });
  }

  /**
   * `svc.examples.openByLocation`: for servers without the catalogue listing (`GET /api/examples`
   * is beyond the spec), ask for the location and read it through endpoint 16; then the usual actions.
   */
  async openByLocation(args: ExampleArgs): Promise<unknown> {
    const env = this.deps.resolveEnvironment(args.environment);
    const location = args.location ?? (env ? await askLocation(env) : undefined);
    if (env && !location) return undefined;
    return this.browse({ ...args, environment: env?.name ?? args.environment, location });
  }

  /** The catalogue, or NOT_OFFERED when this server has no catalogue listing. */
  private async catalogueOrNothing(client: ManagementClient, signal?: AbortSignal): Promise<ExampleEntry[] | typeof NOT_OFFERED> {
    try {
      return await this.catalogue(client, signal);
    } catch (err) {
      if (isManagementApiError(err, 'missing-endpoint')) return NOT_OFFERED;
      throw err;
    }
  }

  /** Opens the readme in the Markdown preview; returns the read-only document's URI. */
  async previewReadme(args: ExampleArgs): Promise<vscode.Uri | undefined> {
    return this.withExample(args, { readme: true }, async (env, location, example) => {
      const uri = this.deps.documents.set(exampleUri(env.name, location, 'readme.md'), readmeText(example, location));
      await vscode.commands.executeCommand('markdown.showPreview', uri);
      return uri;
    });
  }

  /** Opens the definition as a new untitled JSON document (nothing is written to disk). */
  async openDefinition(args: ExampleArgs): Promise<vscode.TextDocument | undefined> {
    return this.withExample(args, { apiDef: true }, async (_env, location, example) => {
      const def = exampleDefinition(example);
      if (!def) {
        void vscode.window.showWarningMessage(`Example '${location}' carries no API definition: the server answered without api_definition and oas.`);
        return undefined;
      }
      return openUntitled(definitionFileName(location, def.kind), def.document);
    });
  }

  /** Creates an API from the example through the push pipeline (checks, diff, confirm). */
  async createApi(args: ExampleArgs): Promise<PushOutcome[] | undefined> {
    return this.withExample(args, { apiDef: true }, async (env, location, example) => {
      const def = exampleDefinition(example);
      if (!def) {
        void vscode.window.showWarningMessage(`Example '${location}' carries no API definition, so there is nothing to create.`);
        return undefined;
      }
      if (def.kind !== 'classic') return [await this.push(env, definitionFileName(location, def.kind), def.document)];

      // Classic: the management API cannot create a classic definition (endpoint 2 replaces one).
      const convert =
        args.convertClassic ??
        (await vscode.window.showInformationMessage(
          `'${example.name ?? location}' is a classic API definition, and the management API has no endpoint that creates classic APIs.`,
          {
            modal: true,
            detail:
              'Create it as an OAS-native API instead? It is converted with the same converter as "Migrate to OAS"; ' +
              'you see the result in the diff before anything is sent.',
          },
          'Create as OAS API',
        )) !== undefined;
      if (!convert) return undefined;
      const converted = classicAsOas(def.document);
      if (!converted.ok) {
        void vscode.window.showErrorMessage(
          `The classic example '${location}' cannot be converted: ${converted.errors.join('; ')}. ` +
            `Open the definition and fix it, then use "Preview Migration Locally".`,
        );
        return undefined;
      }
      const { plan } = converted;
      if (plan.warnings.length) this.deps.log.info(`example ${location} converted to OAS; dropped or changed: ${plan.warnings.join(' | ')}`);
      const stem = definitionFileName(location, 'oas').replace(/\.oas\.json$/, '');
      const outcomes = [await this.push(env, `${stem}.oas.json`, plan.base)];
      const baseId = outcomes[0].status === 'pushed' ? outcomes[0].target?.id : undefined;
      for (const child of baseId ? plan.children : []) {
        outcomes.push(
          await this.push(env, `${stem}-${child.versionName}.oas.json`, child.document, {
            baseApiId: baseId!,
            newVersionName: child.versionName,
            baseApiVersionName: plan.baseVersionName,
          }),
        );
      }
      return outcomes;
    });
  }

  /**
   * Opens `document` as an untitled file (so the language server checks it) and pushes it like any
   * file. The push says nothing itself: once the API exists, the one message names the file it is
   * kept in (opened), not the untitled name that no longer exists.
   */
  private async push(env: Environment, fileName: string, document: unknown, oasVersion?: OasVersionChoice): Promise<PushOutcome> {
    const opened = await openUntitled(fileName, document);
    await firstDiagnostics(opened.uri);
    const outcome = await this.deps.pushDocument({ document: opened, environment: env.name, choices: oasVersion ? { oasVersion } : undefined, notify: false });
    const tracked =
      outcome.status === 'pushed' && outcome.target && this.deps.pull && vscode.workspace.workspaceFolders?.length
        ? await this.track(env, opened, outcome)
        : undefined;
    if (outcome.status === 'refused') void vscode.window.showErrorMessage(outcome.message);
    else if (outcome.status !== 'pull-requested' && !tracked) void vscode.window.showInformationMessage(outcome.message);
    return outcome;
  }

  /**
   * The created API becomes a pulled file under the pull folder, recorded in `.svc/state.json`,
   * so a second push updates the same API instead of creating another; the untitled document,
   * whose job is done, is closed without a save prompt, and the file is opened in its place.
   * Returns the file's workspace-relative path, or undefined when it could not be written.
   */
  private async track(env: Environment, opened: vscode.TextDocument, outcome: PushOutcome): Promise<string | undefined> {
    try {
      const pulled = await this.deps.pull!({ environment: env.name, target: outcome.target! });
      if (!pulled.file) return undefined;
      const relative = vscode.workspace.asRelativePath(pulled.file);
      const name = nameInDocument('oas', parseOrUndefined(opened.getText())) ?? path.basename(pulled.file);
      outcome.message = `Created ${name} (OAS API) on '${env.name}'. It is kept in ${relative} (opened): push that file to update this API.`;
      await closeUntitled(opened);
      await vscode.window.showTextDocument(vscode.Uri.file(pulled.file), { preview: false });
      void vscode.window.showInformationMessage(outcome.message);
      return relative;
    } catch (err) {
      this.deps.log.warn(`the created API could not be written to the pull folder: ${err instanceof Error ? err.message : String(err)}`);
      return undefined;
    }
  }

  private withExample<R>(
    args: ExampleArgs,
    want: { readme?: boolean; apiDef?: boolean },
    work: (env: Environment, location: string, example: ExampleApiDefinition) => Promise<R | undefined>,
  ): Promise<R | undefined> {
    return this.guard(args.environment, 'The example could not be opened', async (env, client) => {
      const location = args.location ?? (await this.pickLocation(env, client));
      if (!location) return undefined;
      const example = await unlessCancelled(
        withCancellableProgress(`Svc: reading example ${location}`, (signal) => client.getExample(location, { ...want, signal })),
      );
      return example ? work(env, location, example) : undefined;
    });
  }

  private async pickLocation(env: Environment, client: ManagementClient): Promise<string | undefined> {
    const title = `Svc: reading the examples catalogue (${env.name})`;
    const entries = await unlessCancelled(withCancellableProgress(title, (signal) => this.catalogueOrNothing(client, signal)));
    if (entries === NOT_OFFERED) return askLocation(env, NO_CATALOGUE);
    const picked = await vscode.window.showQuickPick(
      pickRows(entries ?? []).map((r) =>
        r.separator
          ? { label: r.label, kind: vscode.QuickPickItemKind.Separator }
          : { label: r.label, description: r.description, detail: r.detail, location: r.location },
      ),
      { title: `Svc examples (${env.name})`, ignoreFocusOut: true, matchOnDescription: true },
    );
    return (picked as { location?: string } | undefined)?.location;
  }

  private async guard<R>(
    environment: string | undefined,
    what: string,
    work: (env: Environment, client: ManagementClient) => Promise<R | undefined>,
  ): Promise<R | undefined> {
    try {
      const target = await resolveTarget(this.deps, { environment });
      return await work(target.environment, target.client);
    } catch (err) {
      if (isCancellation(err)) return undefined;
      const info = errorInfoOf(err);
      this.deps.log.error(what, err);
      void vscode.window.showErrorMessage(`${what}: ${info.message}${info.hint ? ` ${info.hint}` : ''}`);
      return undefined;
    }
  }
}

const EXAMPLES_INDEX = 'GET /api/examples';
const NOT_OFFERED = Symbol('not offered');
const NO_CATALOGUE = 'This server has no examples catalogue (GET /api/examples is beyond the spec): type the location of an example.';

/** An example's location, typed (`classic/keyless-proxy`); undefined when cancelled. */
async function askLocation(env: Environment, note?: string): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: `Open Example by Location (${env.name})`,
    prompt: note ?? 'The location of the example in the repository, e.g. classic/keyless-proxy',
    placeHolder: 'category/name',
    ignoreFocusOut: true,
    validateInput: validateLocation,
  });
  return value?.trim().replace(/^\/+|\/+$/g, '') || undefined;
}

/** A location is a relative path of safe segments (the server refuses `..` and empty segments). */
export function validateLocation(value: string): string | undefined {
  const trimmed = value.trim().replace(/^\/+|\/+$/g, '');
  if (!trimmed) return 'Enter the location, e.g. classic/keyless-proxy.';
  if (trimmed.split('/').some((part) => part === '' || part === '.' || part === '..' || hasControlOrBackslash(part))) {
    return 'A location is a relative path like classic/keyless-proxy, without empty, "." or ".." parts.';
  }
  return undefined;
}

/**
 * A new untitled JSON document named `fileName`. VS Code saves an untitled document straight to
 * the path in its URI: `untitled:/mock-responses.oas.json` went to the file-system root. So in a
 * workspace the path is a free name in the pull folder (checked to stay inside the workspace,
 * symlinks resolved), and without a workspace there is no path at all: Save As asks where.
 */
async function openUntitled(fileName: string, value: unknown): Promise<vscode.TextDocument> {
  const content = `${JSON.stringify(value, null, 2)}\n`;
  const target = await untitledTarget(fileName);
  const doc = target
    ? await vscode.workspace.openTextDocument(target.with({ scheme: 'untitled' }))
    : await vscode.workspace.openTextDocument({ language: 'json', content });
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  if (target) await editor.edit((b) => b.insert(new vscode.Position(0, 0), content));
  return doc.languageId === 'json' ? doc : vscode.languages.setTextDocumentLanguage(doc, 'json');
}

/** `<workspace>/<svc.pull.folder>/<fileName>` (a free name), or undefined without a workspace folder. */
async function untitledTarget(fileName: string): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
  if (!folder) return undefined;
  const pullFolder = vscode.workspace.getConfiguration('svc.pull', folder.uri).get<string>('folder', 'svc').trim() || 'svc';
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path));
  for (let i = 1; ; i++) {
    const name = i === 1 ? fileName : fileName.replace(/\.json$/, `-${i}.json`);
    const file = await containedPath(folder.uri.fsPath, path.join(pullFolder, name), 'the setting svc.pull.folder');
    if (!open.has(vscode.Uri.file(file).path) && !fs.existsSync(file)) return vscode.Uri.file(file);
  }
}

/** Closes the untitled document's editors without asking to save (its content was created remotely). */
async function closeUntitled(doc: vscode.TextDocument): Promise<void> {
  const tabs = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === doc.uri.toString());
  if (doc.isDirty) {
    await vscode.window.showTextDocument(doc, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  const open = tabs.filter((t) => vscode.window.tabGroups.all.some((g) => g.tabs.includes(t)));
  if (open.length) await vscode.window.tabGroups.close(open);
}

/**
 * Waits for the language server's first diagnostics on a freshly opened document, so the push
 * pipeline's error check sees them. Bounded: without a language server the push still shows
 * the diff and asks to confirm.
 */
async function firstDiagnostics(uri: vscode.Uri, timeoutMs = 5000): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) done();
    });
    function done() {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    }
  });
}

/** `Promise.all` over `items` with at most `limit` calls in flight. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** A backslash or a control character (U+0000–U+001F): never part of a location. */
function hasControlOrBackslash(part: string): boolean {
  return [...part].some((c) => c === '\\' || c.charCodeAt(0) < 0x20);
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
