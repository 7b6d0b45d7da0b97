// The examples catalogue in the reference's layout (gateway-facts §8.6): an index file
// `{"examples": {<category>: [{location, name, description, features, minSvcVersion}]}}` and one
// folder per location holding a `.svc.json` manifest, the definition file and `readme.md`.
import { pathToFileURL } from 'node:url';
import { fetchText, FetchError, type FetchLimits, type FetchScope } from './fetchText.js';

export interface IndexEntry {
  location: string;
  name: string;
  description: string;
  features: string[];
  minSvcVersion: string;
}

export interface CatalogueSource {
  index: URL;
  repo: URL;
  /** Where every file of this catalogue must come from (see fetchText). */
  scope: FetchScope;
}

export class CatalogueError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const INVALID_SOURCE = 'Invalid examples index file or root path.';

/**
 * Where to read: the request headers when given (http or https only), else the built-in folder.
 * A repository named by `x-svc-repo-url` must be on the index's origin.
 */
export function resolveSource(builtinDir: string | undefined, indexHeader: string | undefined, repoHeader: string | undefined): CatalogueSource {
  const parse = (value: string): URL => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new CatalogueError(400, INVALID_SOURCE);
    }
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) throw new CatalogueError(400, INVALID_SOURCE);
    return url;
  };
  const folder = (url: URL) => new URL(url.href.endsWith('/') ? url.href : `${url.href}/`);
  let source: CatalogueSource;
  if (indexHeader) {
    const url = parse(indexHeader);
    // An index file names itself by its .json suffix; anything else is a repository root.
    const scope = { origin: url.origin };
    source = url.pathname.endsWith('.json')
      ? { index: url, repo: new URL('.', url), scope }
      : { index: new URL('index.json', folder(url)), repo: folder(url), scope };
  } else {
    if (!builtinDir) throw new CatalogueError(500, 'Failed to fetch examples index file.');
    const root = folder(pathToFileURL(builtinDir));
    source = { index: new URL('index.json', root), repo: root, scope: { bundledDir: builtinDir } };
  }
  if (repoHeader) {
    const repo = folder(parse(repoHeader));
    if (repo.origin !== source.scope.origin) throw new CatalogueError(400, INVALID_SOURCE);
    source.repo = repo;
  }
  return source;
}

export async function loadIndex(source: CatalogueSource, limits: FetchLimits): Promise<IndexEntry[]> {
  let text: string;
  try {
    text = await fetchText(source.index, limits, source.scope);
  } catch (error) {
    if (error instanceof FetchError && error.notFound) throw new CatalogueError(400, INVALID_SOURCE);
    throw new CatalogueError(500, 'Failed to fetch examples index file.');
  }
  let index: unknown;
  try {
    index = JSON.parse(text);
  } catch {
    throw new CatalogueError(400, INVALID_SOURCE);
  }
  const examples = (index as { examples?: unknown })?.examples;
  if (!examples || typeof examples !== 'object' || Array.isArray(examples)) throw new CatalogueError(400, INVALID_SOURCE);
  const entries: IndexEntry[] = [];
  for (const list of Object.values(examples as Record<string, unknown>)) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (!item || typeof item !== 'object' || typeof (item as IndexEntry).location !== 'string') continue;
      const e = item as Partial<IndexEntry>;
      entries.push({
        location: e.location as string,
        name: String(e.name ?? e.location),
        description: String(e.description ?? ''),
        features: Array.isArray(e.features) ? e.features.map(String) : [],
        minSvcVersion: String(e.minSvcVersion ?? ''),
      });
    }
  }
  return entries;
}

export interface ExampleDetail {
  location: string;
  name: string;
  description: string;
  features: string[];
  min_version: string;
  readme?: string;
  api_definition?: unknown;
  oas?: unknown;
}

export async function loadExample(
  source: CatalogueSource,
  location: string,
  want: { readme: boolean; apiDef: boolean },
  limits: FetchLimits,
): Promise<ExampleDetail> {
  const entry = (await loadIndex(source, limits)).find((e) => e.location === location);
  if (!entry) throw new CatalogueError(404, 'Example API definition not found.');
  const detail: ExampleDetail = {
    location: entry.location,
    name: entry.name,
    description: entry.description,
    features: entry.features,
    min_version: entry.minSvcVersion,
  };
  const folder = new URL(`${location.split('/').map(encodeURIComponent).join('/')}/`, source.repo);
  const read = async (name: string) => {
    try {
      return await fetchText(new URL(name, folder), limits, source.scope);
    } catch {
      throw new CatalogueError(500, 'Failed to fetch example API definitions.');
    }
  };
  if (want.readme) detail.readme = await read('readme.md');
  if (want.apiDef) {
    const manifest = parseJson(await read('.svc.json'));
    const file = (manifest as { files?: Array<{ file?: unknown }> }).files?.find((f) => typeof f?.file === 'string')?.file as string | undefined;
    if (!file || /(^|\/)\.\.(\/|$)/.test(file)) throw new CatalogueError(500, 'Failed to fetch example API definitions.');
    placeDefinition(detail, parseJson(await read(file)));
  }
  return detail;
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new CatalogueError(500, 'Failed to fetch example API definitions.');
}

/** A definition file holds a classic definition, an OAS document, or either wrapped (`{"oas": …}`). */
function placeDefinition(detail: ExampleDetail, def: Record<string, unknown>): void {
  if (def.oas && typeof def.oas === 'object') detail.oas = def.oas;
  else if (def.api_definition && typeof def.api_definition === 'object') detail.api_definition = def.api_definition;
  else if (typeof def.openapi === 'string' || def['x-svc-api-gateway'] || def['x-svc-streaming']) detail.oas = def;
  else detail.api_definition = def;
}
