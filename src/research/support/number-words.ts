/** Cardinal number words (English) and their values below twenty. */
export const SMALL_NUMBERS: ReadonlyMap<string, number> = new Map([
  ['zero', 0],
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['eleven', 11],
  ['twelve', 12],
  ['thirteen', 13],
  ['fourteen', 14],
  ['fifteen', 15],
  ['sixteen', 16],
  ['seventeen', 17],
  ['eighteen', 18],
  ['nineteen', 19],
]);

/** Tens words and their values. */
export const TENS: ReadonlyMap<string, number> = new Map([
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
]);

/** Words that multiply the number before them: "1.5 million", "three hundred". */
export const SCALES: ReadonlyMap<string, number> = new Map([
  ['hundred', 100],
  ['thousand', 1_000],
  ['million', 1_000_000],
  ['millions', 1_000_000],
  ['billion', 1_000_000_000],
  ['billions', 1_000_000_000],
  ['trillion', 1_000_000_000_000],
  ['mn', 1_000_000],
  ['bn', 1_000_000_000],
  ['tn', 1_000_000_000_000],
  ['crore', 10_000_000],
  ['lakh', 100_000],
]);

/**
 * Scales written as one letter right after an amount of money (`$4m`, `€2bn`, `£30k`): only after
 * a currency, since `330 m` alone is metres.
 */
export const MONEY_SCALE_LETTERS: ReadonlyMap<string, number> = new Map([
  ['k', 1_000],
  ['m', 1_000_000],
  ['b', 1_000_000_000],
]);

/** Ordinal words and their values ("first" → 1, "twenty-first" is "twenty" + "first"). */
export const ORDINAL_WORDS: ReadonlyMap<string, number> = new Map([
  ['first', 1],
  ['second', 2],
  ['third', 3],
  ['fourth', 4],
  ['fifth', 5],
  ['sixth', 6],
  ['seventh', 7],
  ['eighth', 8],
  ['ninth', 9],
  ['tenth', 10],
  ['eleventh', 11],
  ['twelfth', 12],
  ['thirteenth', 13],
  ['fourteenth', 14],
  ['fifteenth', 15],
  ['sixteenth', 16],
  ['seventeenth', 17],
  ['eighteenth', 18],
  ['nineteenth', 19],
  ['twentieth', 20],
  ['thirtieth', 30],
  ['fortieth', 40],
  ['fiftieth', 50],
  ['sixtieth', 60],
  ['seventieth', 70],
  ['eightieth', 80],
  ['ninetieth', 90],
  ['hundredth', 100],
  ['thousandth', 1_000],
  ['millionth', 1_000_000],
]);

/** Suffixes that make a digit an ordinal: `9th`, `21st`, `2nd`, `3rd`, `1er`, `2e`, `3º`. */
export const ORDINAL_SUFFIXES: ReadonlySet<string> = new Set([
  'st',
  'nd',
  'rd',
  'th',
  'er',
  'e',
  'eme',
  'º',
  'ª',
]);
