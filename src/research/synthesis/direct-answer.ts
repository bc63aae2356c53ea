import { checkClaimAgainstQuotes } from '../support/index.js';
import { stripMarkers } from '../verification/markers.js';
import { splitSentences } from '../verification/sentences.js';
import { CHANGING_WORDS, DATE_WORDS, NOW_WORDS } from './sourced-question-words.js';

const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordsPattern = (words: readonly string[]) =>
  new RegExp(`(?:^|[^\\p{L}\\p{N}])(${words.map(escapePattern).join('|')})(?=$|[^\\p{L}\\p{N}])`, 'iu');

const KINDS = [
  { pattern: wordsPattern(NOW_WORDS), what: 'asks how things stand now' },
  { pattern: wordsPattern(DATE_WORDS), what: 'asks for a date' },
  { pattern: wordsPattern(CHANGING_WORDS), what: 'asks about something that changes over time' },
];
/** A year (1000–2099) or a month name: the question is about a moment. */
const MOMENT =
  /(?:^|[^\p{N}])(1\d{3}|20\d{2})(?!\p{N})|\b(january|february|march|april|june|july|august|september|october|november|december)\b/iu;

/**
 * Why a question needs sources whatever the planner says (it asks about a date, a moment, how
 * things stand now, or a quantity that changes), or undefined when its words do not say so.
 */
export function questionNeedsSources(question: string): string | undefined {
  for (const kind of KINDS) {
    const match = kind.pattern.exec(question);
    if (match?.[1]) return `the question ${kind.what} ("${match[1]}")`;
  }
  const moment = MOMENT.exec(question);
  if (moment) return `the question is about a moment ("${moment[1] ?? moment[2]}")`;
  return undefined;
}

/** Numbers a question states (thousands separators removed). */
function numbersOf(question: string): number[] {
  return (question.match(/\d[\d,]*(?:\.\d+)?/g) ?? [])
    .map((text) => Number(text.replace(/,/g, '')))
    .filter((value) => Number.isFinite(value));
}

const MAX_OPERANDS = 8;
const written = (value: number) => String(Number(value.toFixed(6)));

/**
 * What arithmetic on the question's numbers gives (sums, differences, products, quotients, a
 * share of one by the other): figures a direct answer may state though the question does not.
 */
export function arithmeticOf(question: string): string[] {
  const numbers = numbersOf(question).slice(0, MAX_OPERANDS);
  const results = new Set<string>();
  for (const [index, first] of numbers.entries()) {
    for (const second of numbers.slice(index + 1)) {
      const values = [first + second, first - second, second - first, first * second, (first * second) / 100];
      if (second !== 0) values.push(first / second);
      if (first !== 0) values.push(second / first);
      for (const value of values) if (Number.isFinite(value)) results.add(written(value));
    }
  }
  return [...results];
}

/**
 * What a direct answer states that the question does not hold (figures, dates, names: each
 * sentence through `checkClaimAgainstQuotes` citing nothing, arithmetic on the question's numbers
 * allowed), or undefined when it states nothing a source would be needed for.
 */
export function unsourcedStatements(question: string, answer: string): string | undefined {
  const given = [question, ...arithmeticOf(question)].join(' ');
  const earlier: string[] = [];
  const stated = splitSentences(answer).flatMap((piece) => {
    if (piece.kind !== 'sentence') return [];
    const text = stripMarkers(piece.text);
    const check = checkClaimAgainstQuotes(text, [], { question: given, context: [...earlier] });
    earlier.push(text);
    return check.problems.map((problem) => problem.text);
  });
  return stated.length > 0 ? [...new Set(stated)].join(', ') : undefined;
}
