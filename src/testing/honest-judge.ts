import { tokenize } from '../corpus/index.js';
import { checkClaimAgainstQuotes } from '../research/index.js';

/** Share of a sentence's content words (stemmed) its quotes must hold, at least, for the honest judge to call it supported: half. */
export const HONEST_JUDGE_MIN_SHARED = 0.5;

/** How the engine's judge prompt words a computed finding's output (`verification/computations.ts`). */
const COMPUTED_OUTPUT = /^The output is (.+?), computed by a program from findings /;

/** The honest judge's verdict on one sentence, in the judge's own vocabulary. */
export interface HonestJudgement {
  verdict: 'supported' | 'unsupported' | 'not_factual';
  reason: string;
}

/** Options of the honest judge. */
export interface HonestJudgeOptions {
  /** The question: its figures and names are not facts a sentence introduces. */
  question?: string;
  /** Share of the sentence's content words its quotes must hold (default HONEST_JUDGE_MIN_SHARED). */
  minShared?: number;
}

/** Words that negate what follows: a sentence using one its quotes do not use says the opposite of them. */
const NEGATIONS = /\b(not|never|no|none|neither|nor|cannot)\b|n't\b/gi;

/** The negations of `sentence` that none of its quotes uses. */
function addedNegations(sentence: string, quotes: readonly string[]): string[] {
  const quoted = new Set(quotes.flatMap((quote) => quote.toLowerCase().match(NEGATIONS) ?? []));
  return (sentence.toLowerCase().match(NEGATIONS) ?? []).filter((word) => !quoted.has(word));
}

/** Share of the distinct content stems of `sentence` that occur in `quotes`. */
function sharedContent(sentence: string, quotes: readonly string[]): number {
  const own = new Set(tokenize(sentence));
  if (own.size === 0) return 1;
  const quoted = new Set(quotes.flatMap((quote) => tokenize(quote)));
  let shared = 0;
  for (const stem of own) if (quoted.has(stem)) shared += 1;
  return shared / own.size;
}

/**
 * A judge for tests that can say no, with no model behind it: a sentence is supported only when
 * the engine's mechanical check (`checkClaimAgainstQuotes`) passes and its quotes hold most of its
 * content words (stemmed, stop words aside) and no negation they lack ("was not completed" against
 * "was completed"); a sentence that cites nothing is not factual when it states no figure, date or
 * name, and unsupported when it does. Built on the engine's check, it shares that check's blind
 * spots: a test about which sentences are true uses `createOracleJudge` (the fixture says) or
 * `yesVerdicts` (only the engine refuses) instead.
 */
export function honestJudgement(
  sentence: string,
  quotes: readonly string[],
  options: HonestJudgeOptions = {},
): HonestJudgement {
  // The engine shows a computed finding's output as a quote ("The output is 25.0%, computed by a
  // program from findings F1 and F2"); its own check takes that output apart from the quotes, and so
  // does this judge: the output is no clause of a source, with a subject of its own.
  const outputs = quotes.flatMap((quote) => COMPUTED_OUTPUT.exec(quote)?.[1] ?? []);
  const sourced = quotes.filter((quote) => !COMPUTED_OUTPUT.test(quote));
  const check = checkClaimAgainstQuotes(sentence, sourced, { question: options.question, computed: outputs });
  const cited = quotes.some((quote) => quote.trim().length > 0);
  if (!check.ok) {
    return { verdict: 'unsupported', reason: check.problems.map((problem) => problem.reason).join('; ') };
  }
  if (!cited)
    return { verdict: 'not_factual', reason: 'It cites nothing and states no figure, date or name.' };
  const negations = addedNegations(sentence, quotes);
  if (negations.length > 0) {
    return {
      verdict: 'unsupported',
      reason: `It says "${negations[0]}" where its quotes do not: it contradicts them.`,
    };
  }
  const shared = sharedContent(sentence, quotes);
  if (shared < (options.minShared ?? HONEST_JUDGE_MIN_SHARED)) {
    return {
      verdict: 'unsupported',
      reason: `Its quotes hold only ${Math.round(shared * 100)}% of its content words.`,
    };
  }
  return { verdict: 'supported', reason: 'Its quotes state its figures, names and most of its words.' };
}

/** One numbered sentence of a judge prompt, with the texts of the quotes it cites. */
export interface JudgedItem {
  number: number;
  text: string;
  quotes: string[];
}

/** The numbered sentences of the engine's judge prompt (`<findings>`: `N. sentence` then `   F1: "quote"` lines). */
export function judgedItems(prompt: string): JudgedItem[] {
  const findings = /<findings>\n([\s\S]*?)\n<\/findings>/.exec(prompt)?.[1] ?? '';
  const items: JudgedItem[] = [];
  for (const line of findings.split('\n')) {
    const sentence = /^(\d+)\. (.*)$/.exec(line);
    if (sentence) {
      items.push({ number: Number(sentence[1]), text: sentence[2] ?? '', quotes: [] });
      continue;
    }
    const quote = /^ {3}[^:\s]+: "(.*)"$/.exec(line);
    if (quote) items.at(-1)?.quotes.push(quote[1] ?? '');
  }
  return items;
}

/**
 * The honest judge's reply to the engine's claim-verdicts call, in the shape of
 * `cooperativeVerdicts`: one verdict per numbered sentence of the prompt, from `honestJudgement`
 * with the prompt's `<question>`.
 */
export function honestVerdicts(prompt: string, options: Omit<HonestJudgeOptions, 'question'> = {}) {
  const question = /<question>\n([\s\S]*?)\n<\/question>/.exec(prompt)?.[1]?.trim();
  return {
    verdicts: judgedItems(prompt).map((item) => ({
      claim: item.number,
      ...honestJudgement(item.text, item.quotes, { ...options, question }),
    })),
  };
}
