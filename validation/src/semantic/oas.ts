// Rules on OAS documents with `x-svc-api-gateway` (gateway facts §9.1 after conversion,
// §9.2, §9.3): security requirements name existing schemes, middleware operations name
// existing operationIds, plus the address and auth rules in their OAS places.

import { childPointer } from '../jsonPointer';
import { Codes } from '../codes';
import { closestName } from '../suggest';
import type { Problem } from '../problem';
import { oasAuthSources } from './auth';
import { apiIdProblem, ipListProblems, listenPathProblem, oasLoadBalancing, timeoutProblem } from './network';
import { arr, error, obj, warning } from './util';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * An MCP proxy's method-level middleware: `operations` keyed by a JSON-RPC method and the HTTP
 * verb (`tools/callPOST`), which the gateway matches in the request body, with or without a
 * documented operation of that id in `paths` (the reference's MCP definition docs).
 */
const MCP_METHOD_OPERATION = /^[a-z]+(?:\/[A-Za-z]+)+POST$/;

/** An MCP proxy: the extension carries the per-primitive maps only MCP proxies have. */
function isMcpProxy(ext: Record<string, unknown>): boolean {
  const middleware = obj(ext.middleware);
  return middleware !== undefined && ['mcpTools', 'mcpResources', 'mcpPrompts'].some((k) => middleware[k] !== undefined);
}

export function oasProblems(value: unknown, pointer: string): Problem[] {
  const doc = obj(value);
  if (!doc) return [];
  const out: Problem[] = [];
  const at = (...segments: Array<string | number>): string => segments.reduce<string>((p, s) => childPointer(p, s), pointer);
  const schemesValue = obj(doc.components)?.securitySchemes;
  const schemes = obj(schemesValue) ?? {};
  const schemeNames = Object.keys(schemes);
  // A `components` or `securitySchemes` of the wrong type is the schema's error; every requirement
  // "not defined" beside it would only repeat it.
  const schemesUnreadable = (doc.components !== undefined && !obj(doc.components)) || (schemesValue !== undefined && !obj(schemesValue));

  // Security requirements, document-wide and per operation. The list's pointer is built only
  // for a finding (a 2 MB document has thousands of operations, nearly all without one).
  const requirementProblems = (list: unknown, listPointerOf: () => string): void => {
    if (schemesUnreadable) return;
    arr(list)?.forEach((requirement, i) => {
      for (const name of Object.keys(obj(requirement) ?? {})) {
        if (Object.prototype.hasOwnProperty.call(schemes, name)) continue;
        const listPointer = listPointerOf();
        const suggestion = closestName(name, schemeNames);
        const hint = suggestion ? ` Did you mean \`${suggestion}\`?` : '';
        out.push(
          error(
            childPointer(childPointer(listPointer, i), name),
            'key',
            Codes.securityScheme,
            `The security scheme \`${name}\` is not defined in \`components.securitySchemes\`.${hint}`,
            suggestion ? { suggestion } : undefined,
          ),
        );
      }
    });
  };
  requirementProblems(doc.security, () => at('security'));
  // Stryker disable next-line ArrayDeclaration: a made-up first id is only known to a middleware key spelt the same
  const operationIds: string[] = [];
  for (const [path, item] of Object.entries(obj(doc.paths) ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = obj(obj(item)?.[method]);
      if (!operation) continue;
      if (typeof operation.operationId === 'string') operationIds.push(operation.operationId);
      if (operation.security !== undefined) requirementProblems(operation.security, () => at('paths', path, method, 'security'));
    }
  }

  const ext = obj(doc['x-svc-api-gateway']);
  if (!ext) return out;
  const extAt = (...segments: Array<string | number>): string => segments.reduce<string>((p, s) => childPointer(p, s), at('x-svc-api-gateway'));

  // middleware.operations keys must be operationIds of `paths` (unknown ones are ignored at
  // runtime and deleted by import/PATCH: the configuration would be lost silently).
  const known = new Set(operationIds);
  const mcp = isMcpProxy(ext);
  for (const id of Object.keys(obj(obj(ext.middleware)?.operations) ?? {})) {
    if (known.has(id) || (mcp && MCP_METHOD_OPERATION.test(id))) continue;
    const suggestion = closestName(id, operationIds);
    const hint = suggestion ? `: did you mean \`${suggestion}\`?` : '.';
    // The gateway does not refuse it (it ignores the entry, and import/PATCH drop it): a warning.
    out.push(
      warning(
        extAt('middleware', 'operations', id),
        'key',
        Codes.operationId,
        `\`${id}\` is not the operationId of any operation in \`paths\`${hint}`,
        suggestion ? { suggestion } : undefined,
      ),
    );
  }
  for (const [id, operation] of Object.entries(obj(obj(ext.middleware)?.operations) ?? {})) {
    const timeout = obj(obj(operation)?.enforceTimeout);
    if (timeout) {
      timeoutProblem(timeout.value, extAt('middleware', 'operations', id, 'enforceTimeout', 'value'), 'value', out);
      timeoutProblem(timeout.duration, extAt('middleware', 'operations', id, 'enforceTimeout', 'duration'), 'duration', out);
    }
  }

  const server = obj(ext.server);
  listenPathProblem(obj(server?.listenPath)?.value, extAt('server', 'listenPath', 'value'), out);
  const auth = obj(server?.authentication);
  oasAuthSources(auth, extAt('server', 'authentication'), out, schemes);
  // Vendor settings for a scheme the OAS part does not define are never used (§9.3).
  for (const name of Object.keys(obj(auth?.securitySchemes) ?? {})) {
    if (Object.prototype.hasOwnProperty.call(schemes, name)) continue;
    out.push(
      warning(
        extAt('server', 'authentication', 'securitySchemes', name),
        'key',
        Codes.vendorScheme,
        `\`${name}\` has no security scheme of the same name in \`components.securitySchemes\`: the gateway ignores these settings.`,
      ),
    );
  }
  const ipAccess = obj(server?.ipAccessControl);
  if (ipAccess) {
    ipListProblems(ipAccess.allow, extAt('server', 'ipAccessControl', 'allow'), ipAccess.enabled === true, out);
    ipListProblems(ipAccess.block, extAt('server', 'ipAccessControl', 'block'), ipAccess.enabled === true, out);
  }
  const upstream = obj(ext.upstream);
  oasLoadBalancing(upstream?.loadBalancing, extAt('upstream', 'loadBalancing'), out);
  timeoutProblem(obj(upstream?.enforceTimeout)?.duration, extAt('upstream', 'enforceTimeout', 'duration'), 'duration', out);
  upstreamAuthProblems(obj(upstream?.authentication), extAt('upstream', 'authentication'), out);
  apiIdProblem(obj(ext.info)?.id, extAt('info', 'id'), 'id', out);
  return out;
}

/** The reference's words (apidef/validator.go, RuleUpstreamAuth: ErrMultipleUpstreamAuthEnabled) and what to do. */
export const UPSTREAM_AUTH_MODES =
  'Upstream basic auth and upstream OAuth are both enabled: the gateway allows one upstream authentication mode at a time ' +
  '("multiple upstream authentication modes not allowed"); ' +
  'set `enabled: false` on one of them.';

/** Rule 5: not basic auth and OAuth together; OAuth with exactly one grant. */
function upstreamAuthProblems(auth: ReturnType<typeof obj>, pointer: string, out: Problem[]): void {
  // The rule runs on the converted definition, where `enabled` is `upstream_auth.enabled`: off, nothing is checked.
  if (!auth || auth.enabled !== true) return;
  const basic = obj(auth.basicAuth);
  const oauth = obj(auth.oauth);
  if (basic?.enabled === true && oauth?.enabled === true) {
    out.push(error(pointer, 'missing', Codes.upstreamAuth, UPSTREAM_AUTH_MODES));
  }
  if (oauth?.enabled === true) {
    // Stryker disable next-line OptionalChaining: the `&&` before it already stops at a grant that is not an object
    const grants = ['clientCredentials', 'password'].filter((g) => obj(oauth[g]) && obj(oauth[g])?.enabled !== false);
    if (grants.length !== 1) {
      out.push(error(childPointer(pointer, 'oauth'), 'key', Codes.upstreamAuth, 'Upstream OAuth needs exactly one of `clientCredentials` or `password`.'));
    }
  }
}
