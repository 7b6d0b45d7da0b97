// Properties of the two fast paths over a document's text: line and character of every offset
// (LineIndex against vscode-languageserver-textdocument, the oracle), and the nesting and member
// names told from the parsed value (valueShape.ts against the pass over the text, `measureShape`).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LineIndex } from '../../../server/src/service/parser/lineIndex';
import { measureShape } from '../../../server/src/service/parser/document';
import { measureValue, shapeOfParsedText } from '../../../server/src/service/parser/valueShape';

test('property: every offset (and those outside the text) has the position TextDocument gives it, whatever the line breaks', () => {
  const piece = fc.constantFrom('a', 'é', ' ', '\n', '\r', '\r\n', '\n\r', '"', '😀');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
      const text = pieces.join('');
      const oracle = TextDocument.create('file:///t.json', 'json', 1, text);
      const index = new LineIndex(text);
      for (let offset = -2; offset <= text.length + 2; offset++)
        assert.deepEqual(index.positionAt(offset), oracle.positionAt(offset), `${JSON.stringify(text)} @${offset}`);
    }),
    { numRuns: 500 },
  );
});

/** JSON text whose objects may repeat a name, from names and strings full of colons and escapes. */
const name = fc.constantFrom('a', 'b', 'a:b', ':', 'url', 'x\\u003ay', 'é');
const scalar = fc.constantFrom('1', 'true', 'null', '"s"', '"http://h:1/p"', '"::"', '"\\u003a"', '"\\u0026"', '"q\\":"');
const value: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
    fc.array(fc.tuple(name, tie('value')), { maxLength: 4 }).map((members) => `{${members.map(([k, v]) => `"${k}" : ${v}`).join(',\n')}}`),
  ),
})).value;

test('property: when the value proves the shape, it is the shape the pass over the text finds', () => {
  fc.assert(
    fc.property(value, (text) => {
      const proven = shapeOfParsedText(text, measureValue(JSON.parse(text)));
      const scanned = measureShape(text);
      if (proven) assert.deepEqual(proven, scanned, text);
      // A repeated name is never hidden: without proof the text is scanned, which counts it.
      else assert.ok(scanned.memberNames !== measureValue(JSON.parse(text)).members || /\\u003a/i.test(text), text);
    }),
    { numRuns: 2000 },
  );
});
