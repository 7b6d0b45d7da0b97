// migration-mapping.md §5.3: `x-svc-api-gateway.server` (authentication is mapAuth.ts, §5.4–5.5).
import type { ClassicApiDefinition, Json, Report } from './types.js';
import { arr, bool, defined, durationOf, isObject, list, nameValues, not, num, obj, section, str } from './util.js';

/** Classic event handler names → OAS `type` (§5.3). `cp_dynamic_handler` has no OAS form. */
const HANDLER_TYPES: Readonly<Record<string, string>> = {
  eh_web_hook_handler: 'webhook',
  eh_dynamic_handler: 'custom',
  eh_log_handler: 'log',
};

export function mapServer(def: ClassicApiDefinition, authentication: Json, report: Report): Json {
  const proxy = obj(def.proxy);
  return defined({
    listenPath: defined({ value: proxy.listen_path ?? '', strip: bool(proxy.strip_listen_path) }),
    protocol: str(def.protocol),
    port: num(def.listen_port) || undefined,
    authentication,
    customDomain: section({
      enabled: not(def.domain_disabled),
      name: str(def.domain),
      certificates: list(def.certificates),
    }),
    gatewayTags: section({ enabled: not(def.tags_disabled), tags: list(def.tags) }),
    clientCertificates: section({ enabled: bool(def.use_mutual_tls_auth), allowlist: list(def.client_certificates) }),
    ipAccessControl: mapIpAccessControl(def, report),
    detailedActivityLogs: section({ enabled: bool(def.enable_detailed_recording) }),
    detailedTracing: section({ enabled: bool(def.detailed_tracing) }),
    batchProcessing: section({ enabled: bool(def.enable_batch_request_support) }),
    eventHandlers: mapEventHandlers(obj(def.event_handlers).events, report),
  });
}

/**
 * `ipAccessControl{enabled, allow, block}`. With `ip_access_control_disabled` set we follow it
 * (§5.3). Without it, older definitions switch each list with `enable_ip_whitelisting` /
 * `enable_ip_blacklisting`; a list that was switched off must not start filtering traffic after
 * migration, so it is left out and the preview says so.
 */
function mapIpAccessControl(def: ClassicApiDefinition, report: Report): Json | undefined {
  const allow = list<string>(def.allowed_ips);
  const block = list<string>(def.blacklisted_ips);
  if (typeof def.ip_access_control_disabled === 'boolean') {
    return section({ enabled: not(def.ip_access_control_disabled), allow, block });
  }
  if (typeof def.enable_ip_whitelisting === 'boolean' || typeof def.enable_ip_blacklisting === 'boolean') {
    const useAllow = def.enable_ip_whitelisting === true ? allow : undefined;
    const useBlock = def.enable_ip_blacklisting === true ? block : undefined;
    if ((allow && !useAllow) || (block && !useBlock)) report.warnings.push('IP lists that were switched off are not carried over');
    return section({ enabled: Boolean(useAllow || useBlock), allow: useAllow, block: useBlock });
  }
  return section({ enabled: Boolean(allow || block), allow, block });
}

/** One OAS handler per classic handler of `event_handlers.events.<Event>[]`. */
function mapEventHandlers(events: unknown, report: Report): Json[] | undefined {
  if (!isObject(events)) return undefined;
  const out: Json[] = [];
  for (const [trigger, handlers] of Object.entries(events)) {
    for (const handler of arr<Json>(handlers)) {
      const type = HANDLER_TYPES[obj(handler).handler_name];
      if (!type) {
        report.warnings.push(`event handler dropped: ${String(obj(handler).handler_name)} on ${trigger} has no OAS form`);
        continue;
      }
      out.push(mapHandler(trigger, type, obj(handler.handler_meta)));
    }
  }
  return out.length ? out : undefined;
}

function mapHandler(trigger: string, type: string, meta: Json): Json {
  const common = { enabled: not(meta.disabled), trigger, type, id: str(meta.id), name: str(meta.name) };
  if (type === 'webhook') {
    return defined({
      ...common,
      url: str(meta.target_path),
      method: str(meta.method),
      headers: nameValues(meta.header_map),
      bodyTemplate: str(meta.template_path),
      cooldownPeriod: durationOf(meta.event_timeout) ?? '0s',
    });
  }
  if (type === 'custom') {
    return defined({ ...common, functionName: str(meta.name), path: str(meta.path) });
  }
  return defined({ ...common, logPrefix: str(meta.prefix) });
}
