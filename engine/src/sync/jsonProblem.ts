// Where a text stops being JSON, in the words a person reads ("at line 4, column 3: a comma is
// missing"), for messages that refuse to push it. JSON.parse names only a character position.
import { parse, type ParseError, ParseErrorCode } from 'jsonc-parser';

const WORDS: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'a character that JSON does not allow',
  // Stryker disable next-line StringLiteral: never the first error: the scanner reports a bad number as one that ends too early first
  [ParseErrorCode.InvalidNumberFormat]: 'a number written wrongly',
  [ParseErrorCode.PropertyNameExpected]: 'a member name (in double quotes) is expected',
  [ParseErrorCode.ValueExpected]: 'a value is expected',
  [ParseErrorCode.ColonExpected]: 'a colon is missing',
  [ParseErrorCode.CommaExpected]: 'a comma is missing',
  [ParseErrorCode.CloseBraceExpected]: 'a closing } is missing',
  [ParseErrorCode.CloseBracketExpected]: 'a closing ] is missing',
  [ParseErrorCode.EndOfFileExpected]: 'text follows the end of the document',
  [ParseErrorCode.InvalidCommentToken]: 'a comment, which JSON does not allow',
  // Stryker disable next-line StringLiteral: jsonc-parser reports it only when comments are allowed, and they are not here
  [ParseErrorCode.UnexpectedEndOfComment]: 'a comment that never ends',
  [ParseErrorCode.UnexpectedEndOfString]: 'a string that never ends',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'a number that ends too early',
  [ParseErrorCode.InvalidUnicode]: 'a \\u escape written wrongly',
  [ParseErrorCode.InvalidEscapeCharacter]: 'an escape (\\) JSON does not know',
  [ParseErrorCode.InvalidCharacter]: 'a control character inside a string',
};

/** "at line L, column C: what is wrong" for the first syntax error of `text`, or undefined when it is JSON. */
export function jsonSyntaxProblem(text: string): string | undefined {
  if (text.trim() === '') return 'at line 1: the document is empty';
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - (before.lastIndexOf('\n') + 1) + 1;
  return `at line ${line}, column ${column}: ${WORDS[first.error] ?? 'the text is not JSON there'}`;
}
