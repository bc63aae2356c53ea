/** Marks that end a clause: a value's subject is looked for within its own clause. */
export const CLAUSE_MARKS: ReadonlySet<string> = new Set([
  ',',
  ';',
  ':',
  '(',
  ')',
  '[',
  ']',
  '.',
  '!',
  '?',
  '—',
]);

/** Words that open a new clause (English): `The tower is 330 m tall | and | was completed in 1889`. */
export const CLAUSE_LINKS: ReadonlySet<string> = new Set([
  'and',
  'but',
  'while',
  'whereas',
  'although',
  'though',
  'which',
  'who',
  'whom',
  'whose',
  'whereby',
  'yet',
]);
