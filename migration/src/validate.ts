// migration-mapping.md §7 (second point): a migrated document must be a structurally valid
// OpenAPI 3.0 document and satisfy the lax extension schema's required members
// (gateway-facts §3.1–3.4). This is a self-contained check so the converter stays pure; the
// caller can add the project's full schema through `ConvertOptions.validate`.
import type { Json, OasDocument } from './types.js';
import { arr, isObject, obj } from './util.js';

const EXT = 'x-svc-api-gateway';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const NON_BLANK = /\S+/;
const SHORT_DURATION = /^(\d+h)?(\d+m)?(\d+s)?$/;
const SCHEME_NAME = /^[a-zA-Z0-9.\-_]+$/;
const PROTOCOLS = ['http', 'https', 'h2c'];
const LOCATIONS = ['header', 'url-param', 'url'];
const DOMAIN = /^([*a-zA-Z0-9-]+(\.[*a-zA-Z0-9-]+)*)(:\d+)?$/;

/** Problems of one document, each `<dotted.path>: <message>`; empty when valid. */
export function validateOas(doc: OasDocument): string[] {
  const problems: string[] = [];
  const add = (path: string, message: string) => problems.push(`${path}: ${message}`);
  checkStructure(doc, add);
  checkExtension(doc, add);
  return problems;
}

type Add = (path: string, message: string) => void;

function checkStructure(doc: OasDocument, add: Add): void {
  if (typeof doc.openapi !== 'string' || !/^3\.0\.\d(-.+)?$/.test(doc.openapi)) add('openapi', 'must be a 3.0.x version');
  if (typeof doc.info?.title !== 'string') add('info.title', 'is required');
  if (typeof doc.info?.version !== 'string') add('info.version', 'is required');
  if (!isObject(doc.paths)) {
    add('paths', 'is required');
    return;
  }
  const seenIds = new Set<string>();
  for (const [path, itemValue] of Object.entries(doc.paths)) {
    const item = obj(itemValue);
    if (!path.startsWith('/')) add(`paths.${path}`, 'must start with /');
    const declared = new Set(
      arr<Json>(item.parameters)
        .filter((p) => p.in === 'path')
        .map((p) => p.name),
    );
    for (const method of HTTP_METHODS) {
      if (!isObject(item[method])) continue;
      const op = item[method];
      const where = `paths.${path}.${method}`;
      if (!isObject(op.responses) || Object.keys(op.responses).length === 0) add(`${where}.responses`, 'is required');
      if (typeof op.operationId === 'string') {
        if (seenIds.has(op.operationId)) add(`${where}.operationId`, `duplicate operationId ${op.operationId}`);
        seenIds.add(op.operationId);
      }
      const own = new Set(
        arr<Json>(op.parameters)
          .filter((p) => p.in === 'path')
          .map((p) => p.name),
      );
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        if (!declared.has(name) && !own.has(name)) add(where, `path parameter ${name} is not declared`);
      }
    }
  }
  const schemes = obj(obj(doc.components).securitySchemes);
  for (const [name, s] of Object.entries(schemes)) {
    const where = `components.securitySchemes.${name}`;
    if (s.type === 'apiKey') {
      if (!['header', 'query', 'cookie'].includes(s.in) || typeof s.name !== 'string') add(where, 'apiKey needs in and name');
    } else if (s.type === 'http') {
      if (typeof s.scheme !== 'string') add(where, 'http needs scheme');
    } else if (s.type === 'oauth2') {
      if (!isObject(s.flows)) add(where, 'oauth2 needs flows');
    } else if (s.type !== 'openIdConnect') add(`${where}.type`, `unsupported type ${String(s.type)}`);
  }
  for (const req of arr<Json>(doc.security)) {
    for (const name of Object.keys(obj(req))) if (!(name in schemes)) add('security', `unknown security scheme ${name}`);
  }
}

function checkExtension(doc: OasDocument, add: Add): void {
  const ext = doc[EXT];
  if (!isObject(ext)) {
    add(EXT, 'is required');
    return;
  }
  const info = obj(ext.info);
  if (!isObject(ext.info)) add(`${EXT}.info`, 'is required');
  if (typeof info.name !== 'string' || !NON_BLANK.test(info.name)) add(`${EXT}.info.name`, "Does not match pattern '\\S+'");
  if (typeof obj(info.state).active !== 'boolean') add(`${EXT}.info.state.active`, 'is required');
  if (isObject(info.versioning)) {
    const v = info.versioning;
    if (!LOCATIONS.includes(v.location)) add(`${EXT}.info.versioning.location`, `must be one of ${LOCATIONS.join(', ')}`);
    else if (v.location !== 'url' && !(typeof v.key === 'string' && NON_BLANK.test(v.key))) {
      add(`${EXT}.info.versioning.key`, 'is required');
    }
    arr<Json>(v.versions).forEach((x, i) => {
      if (!NON_BLANK.test(String(x.name ?? '')) || !NON_BLANK.test(String(x.id ?? ''))) {
        add(`${EXT}.info.versioning.versions.${i}`, 'needs name and id');
      }
    });
  }
  checkUpstream(obj(ext.upstream), isObject(ext.upstream), add);
  checkServer(doc, obj(ext.server), isObject(ext.server), add);
  const operations = obj(obj(ext.middleware).operations);
  const ids = new Set<string>();
  for (const item of Object.values(obj(doc.paths))) {
    for (const m of HTTP_METHODS) if (isObject(obj(item)[m])) ids.add(String(item[m].operationId));
  }
  for (const [id, op] of Object.entries(operations)) {
    const where = `${EXT}.middleware.operations.${id}`;
    if (!ids.has(id)) add(where, 'no operation with this operationId in paths');
    if (isObject(op.rateLimit)) checkRateLimit(op.rateLimit, `${where}.rateLimit`, add);
    const cb = op.circuitBreaker;
    if (isObject(cb) && !(typeof cb.threshold === 'number' && cb.threshold >= 0 && cb.threshold <= 1)) {
      add(`${where}.circuitBreaker.threshold`, 'must be between 0 and 1');
    }
  }
  const tl = obj(obj(obj(ext.middleware).global).trafficLogs);
  if (tl.customRetentionPeriod !== undefined) checkDuration(tl.customRetentionPeriod, `${EXT}.middleware.global.trafficLogs.customRetentionPeriod`, add, true);
}

function checkUpstream(up: Json, present: boolean, add: Add): void {
  if (!present) return add(`${EXT}.upstream`, 'is required');
  const lb = obj(up.loadBalancing);
  if (typeof up.url !== 'string' || up.url === '') {
    if (!isObject(up.loadBalancing)) add(`${EXT}.upstream`, 'needs url or loadBalancing');
  }
  if (lb.enabled === true && arr(lb.targets).length === 0) add(`${EXT}.upstream.loadBalancing.targets`, 'needs at least one target');
  if (isObject(up.rateLimit)) checkRateLimit(up.rateLimit, `${EXT}.upstream.rateLimit`, add);
}

function checkServer(doc: OasDocument, server: Json, present: boolean, add: Add): void {
  if (!present) return add(`${EXT}.server`, 'is required');
  const lp = obj(server.listenPath);
  if (typeof lp.value !== 'string' || !NON_BLANK.test(lp.value)) add(`${EXT}.server.listenPath.value`, "Does not match pattern '\\S+'");
  if (server.protocol !== undefined && !PROTOCOLS.includes(server.protocol)) {
    add(`${EXT}.server.protocol`, `must be one of ${PROTOCOLS.join(', ')}`);
  }
  if (server.port !== undefined && !(Number.isInteger(server.port) && server.port >= 1 && server.port <= 65535)) {
    add(`${EXT}.server.port`, 'must be between 1 and 65535');
  }
  const cd = obj(server.customDomain);
  if (cd.enabled === true && !DOMAIN.test(String(cd.name ?? ''))) add(`${EXT}.server.customDomain.name`, 'is not a valid domain');
  const auth = obj(server.authentication);
  if (typeof auth.enabled !== 'boolean') add(`${EXT}.server.authentication.enabled`, 'is required');
  const kl = obj(auth.customKeyLifetime);
  if (kl.value !== undefined) checkDuration(kl.value, `${EXT}.server.authentication.customKeyLifetime.value`, add, true);
  const components = obj(obj(doc.components).securitySchemes);
  for (const name of Object.keys(obj(auth.securitySchemes))) {
    const where = `${EXT}.server.authentication.securitySchemes.${name}`;
    if (!SCHEME_NAME.test(name)) add(where, 'invalid scheme name');
    if (!(name in components)) add(where, 'no components.securitySchemes entry of that name');
  }
  arr<Json>(server.eventHandlers).forEach((h, i) => {
    const where = `${EXT}.server.eventHandlers.${i}`;
    if (typeof h.enabled !== 'boolean' || typeof h.type !== 'string' || typeof h.trigger !== 'string') {
      add(where, 'needs enabled, type and trigger');
    }
    if (h.cooldownPeriod !== undefined) checkDuration(h.cooldownPeriod, `${where}.cooldownPeriod`, add, false);
  });
}

function checkRateLimit(rl: Json, where: string, add: Add): void {
  if (typeof rl.enabled !== 'boolean') add(`${where}.enabled`, 'is required');
  if (!Number.isInteger(rl.rate)) add(`${where}.rate`, 'must be an integer');
  if (typeof rl.per === 'string') checkDuration(rl.per, `${where}.per`, add, false);
  else if (typeof rl.per !== 'number') add(`${where}.per`, 'is required');
}

function checkDuration(v: unknown, where: string, add: Add, rejectZero: boolean): void {
  if (typeof v !== 'string' || v === '' || !SHORT_DURATION.test(v)) add(where, 'must be a duration like 1h2m3s');
  else if (rejectZero && !/[1-9]/.test(v)) add(where, 'must not be zero');
}
