// `uri-reference` as the reference gateway checks it: Go's net/url Parse must accept the string,
// and it holds no backslash (gojsonschema's URIReferenceFormatChecker). Each case says what Go
// answers and, for a refusal, the error Parse gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUriReference } from '../../../validation/src/schemas/formats';
import { getSchemaRegistry } from '../../../validation/src/schemas/registry';

const ACCEPTED = [
  ['', 'the empty reference'],
  ['http://pets.internal:8080', 'host and port'],
  ['https://user:p%40ss@host.test/a?b=c#d', 'userinfo with an escape, query, fragment'],
  ['http://svc/orders/{id}', 'braces in a path (RFC 3986 refuses them; Go does not)'],
  ['http://svc/a b', 'a space in a path'],
  ['http://svc/x?q=%zz', 'the query is not checked'],
  ['http://[::1]:8080/x', 'an IPv6 literal with a port'],
  ['http://[fe80::1%25en0]/', 'an IPv6 zone'],
  ['http://h%C3%A9.test/', 'an escaped non-ASCII byte in a host'],
  ['http://a:/', 'an empty port'],
  ['/relative/path', 'an absolute path'],
  ['relative/path', 'a relative path'],
  ['$svc_context.upstream', 'no scheme (`$` ends it) and no colon'],
  ['mailto:a b', 'opaque after a scheme'],
  ['*', 'the asterisk form'],
  ['//host.test/x', 'a network-path reference'],
  ['http://a/x?', 'an empty query'],
] as const;

const REFUSED = [
  ['http://a\\b', 'a backslash (gojsonschema)'],
  ['http://a/\u0001', 'invalid control character in URL'],
  ['http://a/\u007f', 'invalid control character in URL (DEL)'],
  ['http://a b/', 'invalid character " " in host name'],
  ['http://{id}.svc/', 'invalid character "{" in host name'],
  ['http://a:port/', 'invalid port ":port" after host'],
  ['http://[::1/x', "missing ']' in host"],
  ['http://[::1]x/', 'invalid port "x" after host'],
  ['http://a/%zz', 'invalid URL escape "%zz"'],
  ['http://a/%4', 'invalid URL escape "%4"'],
  ['http://a/x#%zz', 'invalid URL escape in the fragment'],
  ['http://a%41/', 'an escape of an ASCII byte in a host'],
  ['http://us er@host/', 'invalid userinfo'],
  ['http://user:p%zz@host/', 'invalid URL escape in the password'],
  [':foo', 'missing protocol scheme'],
  ['1a:b', 'first path segment in URL cannot contain colon'],
] as const;

test('uri-reference: what Go url.Parse accepts is accepted', () => {
  for (const [value, why] of ACCEPTED) assert.equal(isUriReference(value), true, `${JSON.stringify(value)}: ${why}`);
});

test('uri-reference: what Go url.Parse refuses (or a backslash) is refused', () => {
  for (const [value, why] of REFUSED) assert.equal(isUriReference(value), false, `${JSON.stringify(value)}: ${why}`);
});

test('uri-reference: the schema validators use it (an upstream URL with a path template is accepted, a host with a space refused)', () => {
  const validate = getSchemaRegistry().validatorForKind('oas');
  const doc = (url: string) => ({
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {},
    'x-svc-api-gateway': { info: { name: 'a', state: { active: true } }, upstream: { url }, server: { listenPath: { value: '/a/' } } },
  });
  assert.equal(validate(doc('http://svc/orders/{id}')), true, JSON.stringify(validate.errors));
  assert.equal(validate(doc('http://a b/')), false);
  assert.deepEqual(
    validate.errors?.map((e) => [e.instancePath, e.keyword]),
    [['/x-svc-api-gateway/upstream/url', 'format']],
  );
});
