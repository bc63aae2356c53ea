/**
 * Words that negate what follows them (English, French, German, Spanish, Italian, Dutch), folded.
 * Any word ending in `n't` negates too.
 */
export const NEGATIONS: ReadonlySet<string> = new Set(
  (
    'not no never none nobody nothing neither nor cannot without ' +
    'ne pas jamais aucun aucune sans nicht kein keine keinen keiner nie niemals ohne ' +
    'nunca ningun ninguna sin nessuno nessuna mai senza niet geen nooit zonder'
  ).split(' '),
);

/**
 * Pairs whose members reverse each other, each member with its usual forms. A sentence that writes
 * one where its quote writes the other, around the same words, says the opposite of the quote.
 */
export const REVERSAL_PAIRS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [['first'], ['last']],
  [['before'], ['after']],
  [
    ['earlier', 'earliest'],
    ['later', 'latest'],
  ],
  [
    [
      'increase',
      'increased',
      'increases',
      'increasing',
      'rise',
      'rose',
      'risen',
      'rises',
      'rising',
      'grew',
      'growth',
    ],
    [
      'decrease',
      'decreased',
      'decreases',
      'decreasing',
      'fall',
      'fell',
      'fallen',
      'falls',
      'falling',
      'declined',
      'decline',
      'shrank',
    ],
  ],
  [['more'], ['less', 'fewer']],
  [['most'], ['least', 'fewest']],
  [
    ['higher', 'highest'],
    ['lower', 'lowest'],
  ],
  [
    ['larger', 'largest', 'bigger', 'biggest'],
    ['smaller', 'smallest'],
  ],
  [
    ['longer', 'longest'],
    ['shorter', 'shortest'],
  ],
  [
    ['older', 'oldest'],
    ['younger', 'youngest'],
  ],
  [['above'], ['below']],
  [['maximum'], ['minimum']],
  [['majority'], ['minority']],
  [
    ['gain', 'gained', 'gains'],
    ['loss', 'lost', 'losses'],
  ],
  [
    ['won', 'win', 'wins', 'winning'],
    ['lost', 'lose', 'loses', 'losing'],
  ],
  [['best'], ['worst']],
  [
    ['import', 'imports', 'imported'],
    ['export', 'exports', 'exported'],
  ],
  [
    ['bought', 'buy', 'buys', 'acquired'],
    ['sold', 'sell', 'sells'],
  ],
  [
    ['north', 'northern'],
    ['south', 'southern'],
  ],
  [
    ['east', 'eastern'],
    ['west', 'western'],
  ],
  [['true'], ['false']],
  [['positive'], ['negative']],
  [['accepted', 'approved'], ['rejected']],
  [
    ['allowed', 'permitted'],
    ['banned', 'forbidden', 'prohibited'],
  ],
];
