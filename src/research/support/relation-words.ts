/**
 * Closed classes of English the relational check reads structure by (data, not rules): words that
 * join clauses, prepositions that say how a figure relates to its verb, the phases of an event, and
 * the dimensions a measure can be of.
 */

/** Conjunctions that join two predicates or two clauses. */
export const COORDINATORS: ReadonlySet<string> = new Set(['and', 'but', 'or', 'yet', 'while', 'whereas']);

/** Words that open a subordinate or relative clause. */
export const CLAUSE_OPENERS: ReadonlySet<string> = new Set([
  'which',
  'who',
  'whom',
  'whose',
  'where',
  'when',
  'although',
  'though',
  'because',
  'since',
  'after',
  'before',
  'until',
  'whereas',
  'while',
  'if',
  'that',
]);

/**
 * Prepositions that say what a figure of a change is: its end ("fell to 7%"), its size ("fell by
 * 7%"), its start ("from 9%"). Two of them differ in meaning; other prepositions do not bind so.
 */
export const CHANGE_PREPOSITIONS: ReadonlySet<string> = new Set(['to', 'by', 'from']);

/**
 * Prepositions that place a date on one side of a moment: "before 1900" and "until 1900" look back
 * from it, "after 1900" and "since 1900" forward. A date one text places before and the other after
 * is two statements; "in", "on", "by" place it on neither side and bind no direction.
 */
export const TIME_DIRECTIONS: ReadonlyMap<string, 'earlier' | 'later'> = new Map([
  ['before', 'earlier'],
  ['until', 'earlier'],
  ['till', 'earlier'],
  ['after', 'later'],
  ['since', 'later'],
]);

/**
 * Phases of an event, by the dictionary form of the verb that names them: a date bound to a verb
 * of one phase ("began in 1887") does not date a verb of another ("completed in 1887").
 */
export const EVENT_PHASES: ReadonlyMap<string, 'start' | 'end'> = new Map([
  ...(
    [
      'begin',
      'start',
      'commence',
      'launch',
      'found',
      'establish',
      'open',
      'bear',
      'born',
      'create',
      'introduce',
      'initiate',
      'join',
      'enter',
      'elect',
      'appoint',
      'sign',
      'lay',
    ] as const
  ).map((verb) => [verb, 'start'] as const),
  ...(
    [
      'complete',
      'finish',
      'end',
      'conclude',
      'close',
      'die',
      'dissolve',
      'abolish',
      'retire',
      'resign',
      'leave',
      'demolish',
      'terminate',
      'cease',
      'expire',
      'withdraw',
      'disband',
    ] as const
  ).map((verb) => [verb, 'end'] as const),
]);

/**
 * Dimensions a measure can be of, each with the words that name it (adjective, noun, verb): "330
 * metres high" and "a height of 330 metres" measure one thing, "330 metres deep" another.
 */
export const DIMENSIONS: ReadonlyMap<string, string> = new Map(
  (
    [
      ['height', 'high tall height heights tallness elevation altitude'],
      ['depth', 'deep depth depths'],
      ['length', 'long length lengths'],
      ['width', 'wide width widths broad breadth'],
      ['thickness', 'thick thickness'],
      ['weight', 'heavy weight weigh weighs weighed weighing mass'],
      ['area', 'area surface'],
      ['volume', 'volume capacity'],
      ['age', 'old age aged'],
      ['distance', 'away distant distance far'],
      ['diameter', 'diameter across'],
      ['speed', 'fast speed'],
      ['duration', 'lasted lasting duration'],
    ] as const
  ).flatMap(([dimension, words]) => words.split(' ').map((word) => [word, dimension] as const)),
);
