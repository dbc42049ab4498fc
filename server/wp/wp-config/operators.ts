/**
 * PHP's operator table, as the expression parser needs it: binding powers (PHP's precedence,
 * loosest first), associativity, the word operators, the assignment operators and the casts.
 */

export const P_ASSIGN = 5;
export const P_TERNARY = 6;
export const P_NOT = 19;
export const P_UNARY = 21;

/** Binary operators and their binding powers. */
export const BINARY = new Map<string, number>([
  ['or', 1],
  ['xor', 2],
  ['and', 3],
  ['??', 7],
  ['||', 8],
  ['&&', 9],
  ['|', 10],
  ['^', 11],
  ['&', 12],
  ...['==', '!=', '===', '!==', '<>', '<=>'].map((op): [string, number] => [op, 13]),
  ...['<', '<=', '>', '>='].map((op): [string, number] => [op, 14]),
  ['.', 15],
  ['<<', 16],
  ['>>', 16],
  ['+', 17],
  ['-', 17],
  ['*', 18],
  ['/', 18],
  ['%', 18],
  ['instanceof', 20],
  ['**', 22],
]);
export const RIGHT_ASSOC = new Set(['??', '**']);
/** Binary operators spelled as words, which the lexer reads as identifiers. */
export const WORD_OPERATORS = new Set(['or', 'xor', 'and', 'instanceof']);
export const ASSIGN_OPS = new Set([
  '=',
  '+=',
  '-=',
  '*=',
  '/=',
  '.=',
  '%=',
  '**=',
  '??=',
  '&=',
  '|=',
  '^=',
  '<<=',
  '>>=',
]);

/** Cast type names and the kind of value each cast yields. */
export const CASTS = new Map([
  ['int', 'int'],
  ['integer', 'int'],
  ['bool', 'bool'],
  ['boolean', 'bool'],
  ['float', 'float'],
  ['double', 'float'],
  ['real', 'float'],
  ['string', 'string'],
  ['binary', 'string'],
  ['array', 'other'],
  ['object', 'other'],
  ['unset', 'other'],
]);
