// The shared validation core: the schema registry, the gateway's rules and the severity rule,
// used by the language server (and svc-lint) and by the sandbox, so "the server will probably
// refuse it" and the server's answer agree. See docs/language-server.md, "What is an error".
export { refusalsOf, firstRefusal, type Refusal } from './refusals';
export { isRefusal, refusesMissingMember, DIAGNOSTIC_SOURCE, REFUSAL_SEVERITY } from './severity';
export { getSchemaRegistry, type SchemaRegistry } from './schemas/registry';
