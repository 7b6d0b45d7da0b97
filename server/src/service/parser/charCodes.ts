// The character codes the flat JSON scanners compare against (jsonSkipper, jsonLocator,
// positionTree, containerEnds): `charCodeAt` numbers, defined once.

export const QUOTE = 0x22,
  BACKSLASH = 0x5c,
  SLASH = 0x2f,
  STAR = 0x2a,
  NEWLINE = 0x0a,
  COMMA = 0x2c,
  COLON = 0x3a;
export const OPEN_BRACE = 0x7b,
  CLOSE_BRACE = 0x7d,
  OPEN_BRACKET = 0x5b,
  CLOSE_BRACKET = 0x5d;
