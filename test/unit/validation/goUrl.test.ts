// Go's net/url Parse, as goUrl.ts writes it out: each row is what Go's url.Parse answers, with the Go
// function that decides (net/url: Parse, parse, getScheme, parseAuthority, validUserinfo, parseHost,
// validOptionalPort, unescape, shouldEscape) and, for a refusal, the error it gives. Inputs sit just
// inside and just outside each rule. `isUriReference` is the same, and no backslash (gojsonschema).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { goUrlParses, isUriReference } from '../../../validation/src/goUrl';

type Row = readonly [value: string, parses: boolean, why: string];

const check = (rows: readonly Row[]) => {
  for (const [value, parses, why] of rows) {
    assert.equal(goUrlParses(value), parses, `goUrlParses(${JSON.stringify(value)}): ${why}`);
    assert.equal(isUriReference(value), parses, `isUriReference(${JSON.stringify(value)}): ${why}`);
  }
};

test('control characters are refused anywhere, space and non-ASCII are not (parse: stringContainsCTLByte)', () => {
  check([
    ['http://a/\u0000', false, 'NUL: "invalid control character in URL"'],
    ['http://a/\u001f', false, '0x1f, the last control character below space'],
    ['http://a/\u007f', false, 'DEL'],
    ['/\u007fx?q', false, 'DEL before the query'],
    ['http://a/x?\u0001', false, 'a control character in the query (checked before the query is cut)'],
    ['http://svc/a b', true, 'a space (0x20) in a path'],
    ['http://a/~', true, '0x7e, just below DEL'],
    ['http://a/\u0080\u00e9', true, 'non-ASCII bytes are not control bytes'],
  ]);
});

test('a scheme is letters, then letters, digits, "+", "-" or "." up to ":" (getScheme)', () => {
  check([
    ['a:b', true, 'the shortest scheme; the rest is opaque'],
    ['z:x', true, 'lower-case "z" starts a scheme'],
    ['A:x', true, 'upper-case "A" starts a scheme'],
    ['Z:x', true, 'upper-case "Z" starts a scheme'],
    ['a1:x', true, 'a digit after the first letter'],
    ['a9:x', true, 'the digit 9'],
    ['a0:x', true, 'the digit 0'],
    ['a+:x', true, '"+" after the first letter'],
    ['a-:x', true, '"-" after the first letter'],
    ['a.:x', true, '"." after the first letter'],
    [':foo', false, '"missing protocol scheme"'],
    ['1a:b', false, 'a digit first: no scheme, so "first path segment in URL cannot contain colon"'],
    ['+a:b', false, '"+" first: no scheme'],
    ['a_b:c', false, '"_" (between "Z" and "a") ends the scheme: a colon in the first segment'],
    ['a@b:c', false, '"@" (just before "A") ends the scheme'],
    ['a[b:c', false, '"[" (just after "Z") ends the scheme'],
    ['a`b:c', false, '"`" (just before "a") ends the scheme'],
    ['a{b:c', false, '"{" (just after "z") ends the scheme'],
    ['a/b:c', true, 'a "/" ends the scheme; the colon is past the first segment'],
  ]);
});

test('after a scheme, what does not start with "/" is opaque and not checked (parse: url.Opaque)', () => {
  check([
    ['mailto:a b', true, 'opaque after a scheme'],
    ['mailto:%zz', true, 'an opaque part is not unescaped'],
    ['x:a:b', true, 'a colon in an opaque part'],
    ['x:%zz/a', true, 'an opaque part with a slash later'],
    ['x:/%zz', false, 'a path after the scheme is unescaped: "invalid URL escape"'],
    ['x:?%zz', true, 'an empty opaque part with a query'],
  ]);
});

test('without a scheme the first path segment cannot hold a colon (parse)', () => {
  check([
    ['', true, 'the empty reference'],
    ['*', true, 'the asterisk form'],
    ['relative/path', true, 'a relative path'],
    ['$svc_context.upstream', true, '"$" ends the scheme, no colon'],
    ['1a:', false, 'a colon at the end of the only segment'],
    ['1a:b', false, 'a colon inside the only segment'],
    ['1a/b:c', true, 'the colon is in the second segment'],
    ['1a/b%zz', false, 'a relative path is unescaped: "invalid URL escape"'],
    ['a/%zz', false, 'a relative path made only of letters before "/" is not a scheme'],
    ['a?b:c', true, 'the colon is in the query'],
    ['/a:b', true, 'an absolute path may hold a colon'],
  ]);
});

test('the query is cut off and never checked (parse: strings.Cut(rest, "?"))', () => {
  check([
    ['http://svc/x?q=%zz', true, 'a bad escape in the query'],
    ['?%zz', true, 'a query alone'],
    ['/?%', true, 'a lone "%" in the query'],
    ['http://a/x?', true, 'an empty query (ForceQuery)'],
    ['/%41', true, 'a good escape without a query'],
    ['/x%zz?q', false, 'a bad escape before the query'],
    ['//a b?x', false, 'the host before a query is checked'],
  ]);
});

test('"//" starts an authority that runs to the next "/" (parse, parseAuthority)', () => {
  check([
    ['//host.test/x', true, 'a network-path reference'],
    ['//a b', false, 'an authority without a path: "invalid character \\" \\" in host name"'],
    ['//a b///', false, 'an authority followed by slashes'],
    ['//ab:x', false, 'the port is the whole rest of the authority: "invalid port"'],
    ['//a:1x', false, 'the last character of an authority without a path'],
    ['//a/%zz', false, 'the path after an authority is unescaped'],
    ['//a/b c', true, 'a space in the path after an authority'],
    ['///a b', true, '"///" without a scheme is a path'],
    ['http:///a', true, 'an empty authority after a scheme'],
    ['/a b', true, 'one "/" is a path, not an authority'],
    ['x/ab c', true, 'a relative path with a space'],
    ['//', true, 'an empty authority'],
    ['http://a', true, 'an authority only'],
  ]);
});

test("userinfo is letters, digits and -._:~!$&'()*+,;=%@, its escapes valid (validUserinfo, unescape)", () => {
  check([
    ["http://a-._:~!$&'()*+,;=%41@h/", true, 'every mark validUserinfo allows'],
    ['http://Zz09@h/', true, 'letters and digits'],
    ['http://a@b@h/', true, 'the host starts after the last "@"; the userinfo holds the other'],
    ['http://@h/', true, 'empty userinfo'],
    ['https://user:p%40ss@host.test/a', true, 'a password with an escape'],
    ['http://us er@host/', false, 'a space: "invalid userinfo"'],
    ['http://u/s@h/', true, 'a "/" ends the authority: "s@h" is in the path'],
    ['http://u"@h/', false, '"\\"" is allowed in a host but not in userinfo'],
    ['http://u[@h/', false, '"[" is not userinfo'],
    ['http://é@h/', false, 'non-ASCII in userinfo'],
    ['http://u%zz@h/', false, 'a bad escape in the user'],
    ['http://%zz@h/', false, 'a bad escape at the start of the user'],
    ['http://u:p%zz@h/', false, 'a bad escape in the password'],
    ['http://u%4:1@h/', false, 'an escape cut by the colon'],
    ['http://u:p@h b/', false, 'the host after userinfo is checked'],
    ['http://u@[::1]/', true, 'userinfo before an IPv6 literal'],
  ]);
});

test('a host: host-name characters, escapes only of non-ASCII bytes or "%25", an optional numeric port (parseHost)', () => {
  check([
    ['http://pets.internal:8080', true, 'host and port'],
    ['http://a:/', true, 'an empty port'],
    ['http://a:9/', true, 'the digit 9 in a port'],
    ['http://a:0/', true, 'the digit 0 in a port'],
    ['http://:80/', true, 'an empty host with a port'],
    ['http://:x/', false, 'an empty host, a port with a letter: "invalid port"'],
    ['http://a:port/', false, '"invalid port \\":port\\" after host"'],
    ['http://a:8/:x', true, 'a colon in the path is not a port'],
    ['http://a:1:2/', true, 'the port starts at the last colon (":2"); a colon is a host character'],
    ['http://a:1:x/', false, 'the port after the last colon is ":x"'],
    ['http://a!$&\'()*+,;=[]<>"-_.~b/', true, 'every mark shouldEscape allows in a host'],
    ['http://a b/', false, 'a space: "invalid character \\" \\" in host name"'],
    ['http://{id}.svc/', false, '"{"'],
    ['http://a`/', false, '"`"'],
    ['http://a^/', false, '"^"'],
    ['http://a|b/', false, '"|"'],
    ['http://h\u00e9/', true, 'non-ASCII is written as is'],
    ['http://a\u0080b/', true, 'U+0080, the first non-ASCII character'],
    ['http://h%C3%A9.test/', true, 'an escaped non-ASCII byte'],
    ['http://a%80/', true, '%80, the first non-ASCII byte'],
    ['http://a%7F/', false, '%7F, the last ASCII byte: "invalid URL escape"'],
    ['http://a%41/', false, 'an escaped ASCII letter'],
    ['http://a%25b/', true, '"%25" is allowed in a host'],
    ['http://a%/', false, 'a lone "%"'],
    ['http://a%C/', false, 'a cut escape'],
    ['http://a%GA/', false, 'not hex'],
  ]);
});

test('an IP literal: "]" then an optional port; a zone after "%25" (parseHost, validOptionalPort)', () => {
  check([
    ['http://[::1]', true, 'an IPv6 literal'],
    ['http://[::1]:8080/x', true, 'with a port'],
    ['http://[::1]:/', true, 'with an empty port'],
    ['http://[::1/x', false, '"missing \']\' in host"'],
    ['http://[::1', false, '"missing \']\' in host", no path'],
    ['http://[::1]x/', false, '"invalid port \\"x\\" after host"'],
    ['http://[::1]8/', false, 'a port without its colon'],
    ['http://[::1]:8x/', false, 'a port with a letter'],
    ['http://[]/', true, 'empty brackets (Go before 1.25.2 does not check what the brackets hold)'],
    ['http://[', false, 'a lone "[": "missing \']\' in host"'],
    ['http://[%25%41]/', true, 'a zone right after "[": its escapes are a zone\'s'],
    ['http://[::1]]/', true, 'the last "]" closes: "]" is a host character'],
    ['http://[::1%41]/', false, 'an escaped ASCII byte without a zone'],
    ['http://[fe80%C3%A9::1]/', true, 'an escaped non-ASCII byte without a zone'],
    ['http://[fe80::1%25en0]/', true, 'an IPv6 zone'],
    ['http://[fe80::1%25en0]:80/', true, 'a zone and a port'],
    ['http://[fe80::1%25en0]:8x/', false, 'a zone and a bad port'],
    ['http://[fe%41::1%25en0]/', false, 'an escaped ASCII byte before the zone'],
    ['http://[fe80%C3%A9::1%25en0]/', true, 'an escaped non-ASCII byte before the zone'],
    ['http://[fe80::1%25en%200]/', true, 'an escaped space in a zone (Windows)'],
    ['http://[fe80::1%25en%2D]/', true, 'an escaped "-" in a zone'],
    ['http://[fe80::1%25x%2D]/', true, 'an escaped "-" after one letter of zone'],
    ['http://[fe80::1%25en%2d]/', true, 'lower-case hex in a zone escape'],
    ['http://[fe80::1%25%41]/', true, 'an escaped letter in a zone'],
    ['http://[fe80::1%25%25]/', true, '"%25" again in a zone'],
    ['http://[fe80::1%25en%2F]/', false, 'an escaped "/" in a zone'],
    ['http://[fe80::1%25en%7B]/', false, 'an escaped "{" in a zone'],
    ['http://[fe80::1%25en%C3%A9]/', false, 'an escaped non-ASCII byte in a zone (shouldEscape says yes)'],
    ['http://[fe80::1%25en\u00e9]/', true, 'non-ASCII written as is in a zone'],
    ['http://[fe80::1%25en 0]/', false, 'a space written as is in a zone'],
    ['http://[fe80::1%25en%zz]/', false, 'a bad escape in a zone'],
  ]);
});

test('percent escapes: "%" and two hex digits, in a path and in a fragment (unescape)', () => {
  check([
    ['/%00%09%99', true, 'digits'],
    ['/%AF%af', true, 'hex letters of both cases'],
    ['/%A0', true, 'upper-case A first'],
    ['/%a0', true, 'lower-case a first'],
    ['/%F0', true, 'upper-case F first'],
    ['/%f0', true, 'lower-case f first'],
    ['/%0A', true, 'upper-case A second'],
    ['/%0F', true, 'upper-case F second'],
    ['/%0a%0f', true, 'lower-case second'],
    ['/%41', true, 'an escaped ASCII letter in a path'],
    ['/%G0', false, '"G", just after "F"'],
    ['/%g0', false, '"g", just after "f"'],
    ['/%@0', false, '"@", just before "A"'],
    ['/%`0', false, '"`", just before "a"'],
    ['/%:0', false, '":", just after "9"'],
    ['/%/0', false, '"/", just before "0"'],
    ['/%0G', false, 'a bad second digit'],
    ['/%0g', false, 'a bad second digit, lower case'],
    ['/%0', false, 'a cut escape: "invalid URL escape \\"%0\\""'],
    ['/%', false, 'a lone "%"'],
    ['/%4%41', false, 'a cut escape followed by a good one'],
    ['/a%41b%C3%A9', true, 'escapes between characters'],
  ]);
});

test('the fragment is cut at the first "#" and unescaped, but its characters are free (Parse, setFragment)', () => {
  check([
    ['http://a/x#d', true, 'a fragment'],
    ['http://a/x#%41', true, 'a good escape in a fragment'],
    ['http://a/x#%zz', false, 'a bad escape in a fragment'],
    ['http://a/x#%4', false, 'a cut escape in a fragment'],
    ['a#b:c', true, 'a colon in a fragment is not in the first path segment'],
    ['#a:b', true, 'a fragment alone'],
    ['#', true, 'an empty fragment'],
    ['a#b c{}', true, 'a space and braces in a fragment'],
    ['a#b#c', true, 'a second "#" belongs to the fragment'],
    ['/?%#41', true, 'a lone "%" at the end of the query, before the fragment'],
    ['http://a/?%zz#x', true, 'the query before a fragment is still not checked'],
    ['http://a/%zz#x', false, 'the path before a fragment is checked'],
    ['http://a/%41', true, 'no fragment: the last character is kept'],
    ['1a:b#x', false, 'the part before the fragment is checked for the first-segment colon'],
  ]);
});

test('isUriReference also refuses a backslash anywhere; goUrlParses (the target-URL check) does not', () => {
  for (const value of ['http://a/\\b', 'a\\b', '\\', 'http://a/x#\\']) {
    assert.equal(isUriReference(value), false, JSON.stringify(value));
    assert.equal(goUrlParses(value), true, JSON.stringify(value));
  }
  assert.equal(goUrlParses('http://a\\b/'), false, 'a backslash in a host is an "invalid character" for Go too');
});
