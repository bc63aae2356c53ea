import { checkClaimAgainstQuotes } from '../research/index.js';

/** Every evaluation check, in the order the engine lists them. */
export const EVALUATION_CHECKS = ['definitive', 'freshness', 'plurality', 'completeness', 'strict'] as const;

/** One evaluation check. */
type EvaluationCheckName = (typeof EVALUATION_CHECKS)[number];

/** Words of an answer that gives up instead of answering. */
const HEDGES =
  /\b(found nothing|could not (?:find|answer|determine)|not known|unknown|unclear|no information)\b/i;

/** The text between `<tag>` and `</tag>` in a prompt, if any. */
function section(prompt: string, tag: string): string | undefined {
  return new RegExp(`<${tag}[^>]*>\\n([\\s\\S]*?)\\n</${tag}>`).exec(prompt)?.[1];
}

/** What an evaluator prompt shows about the answer, read mechanically. */
export interface ShownAnswer {
  question: string;
  answer: string;
  /** Reference lines: whether each quote was verified, and its host. */
  references: { verified: boolean; host: string }[];
  /** Sentences of the answer that cite no `[n]` and state a figure, date or name the question lacks. */
  uncitedFacts: string[];
  /**
   * The claim check's figures (`S of T factual sentences supported (…; N% needed)`), when the prompt
   * gives them; `needed` is the share the run asks for (all, when the prompt does not say).
   */
  claimCheck?: { supported: number; total: number; needed: number };
  /** Sub-questions of the plan and how many are ticked. */
  plan: { total: number; closed: number };
}

/**
 * The answer's prose sentences (headings, quotes, table rows and markup lines aside), nothing of the reference list or of
 * a "Could not be verified" list that follows the answer.
 */
function answerSentences(answer: string): string[] {
  const delivered =
    answer.split(/^.*could not be verified.*$|^#{1,3}\s*(?:references|sources)\s*$/im)[0] ?? answer;
  return (
    delivered
      .split('\n')
      // Prose only: headings, quotes, table rows and lines of bare markup or links state no sentence.
      .filter((line) => !/^\s*[#>|<![]/.test(line))
      // A list item's number or bullet is markup, not a figure the sentence states.
      .map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, ''))
      .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z(])/))
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence.length > 0)
  );
}

/** Reads the question, answer, references, claim check and plan an evaluator prompt shows. */
export function shownAnswer(prompt: string): ShownAnswer {
  const question = section(prompt, 'question')?.trim() ?? '';
  const answer = section(prompt, 'answer')?.trim() ?? '';
  const references = [...(section(prompt, 'references') ?? '').matchAll(/^\[\d+\] (\S+) \(([^)]*)\)/gm)].map(
    (match) => ({
      verified: !(match[2] ?? '').includes('NOT verified'),
      host: /^[a-z]+:\/\/([^/]+)/i.exec(match[1] ?? '')?.[1] ?? match[1] ?? '',
    }),
  );
  const uncitedFacts = answerSentences(answer).filter(
    (sentence) =>
      !/\[\d+(?:,\s*\d+)*\]/.test(sentence) && !checkClaimAgainstQuotes(sentence, [], { question }).ok,
  );
  // The engine's claim-check summary: "S of T factual sentences supported (…)", or none checked.
  const claims =
    /(\d+) of (\d+) factual sentences (?:are )?supported(?:[^(\n]*\(\d+%; (?:at least )?(\d+)% needed\))?/.exec(
      prompt,
    ) ?? (/No factual sentence was checked\./.test(prompt) ? ['', '0', '0'] : null);
  const plan = section(prompt, 'plan') ?? '';
  return {
    question,
    answer,
    references,
    uncitedFacts,
    ...(claims
      ? {
          claimCheck: {
            supported: Number(claims[1]),
            total: Number(claims[2]),
            needed: claims[3] === undefined ? 1 : Number(claims[3]) / 100,
          },
        }
      : {}),
    plan: {
      total: (plan.match(/^- \[[ x]\] /gm) ?? []).length,
      closed: (plan.match(/^- \[x\] /gm) ?? []).length,
    },
  };
}

/** What is wrong with the answer as shown, whatever the check: no source, unverified quotes, uncited facts. */
function evidenceProblems(shown: ShownAnswer): string[] {
  const problems: string[] = [];
  if (shown.answer === '') problems.push('The answer is empty.');
  if (shown.references.length === 0) problems.push('The answer cites no source.');
  const unverified = shown.references.filter((reference) => !reference.verified).length;
  if (unverified > 0) problems.push(`${unverified} of its references are not verified.`);
  if (shown.uncitedFacts.length > 0) {
    problems.push(`It states facts no quote supports: "${shown.uncitedFacts[0]?.slice(0, 120)}".`);
  }
  // The unsupported sentences are out of the answer shown: short only when fewer are supported than the run needs.
  const check = shown.claimCheck;
  if (check && check.supported < check.total && check.supported < check.needed * check.total) {
    problems.push(`Only ${check.supported} of its ${check.total} factual sentences are supported.`);
  }
  return problems;
}

/** One check's verdict on what the prompt shows. */
function checkVerdict(check: EvaluationCheckName, shown: ShownAnswer) {
  const problems = evidenceProblems(shown);
  if (check === 'definitive' && HEDGES.test(shown.answer))
    problems.push('The answer does not commit to one.');
  if (problems.length === 0)
    return { think: 'Every claim cites a verified quote.', pass: true, improvement: '' };
  return {
    think: problems.join(' '),
    pass: false,
    improvement: 'State only what the quotes say, and cite the finding for every fact.',
  };
}

/** The batched evaluation reply: one verdict per check (all five; the engine reads those it asked for), each from `verdict(check)`. */
export function evaluationReply<Verdict extends object>(verdict: (check: EvaluationCheckName) => Verdict) {
  return { checks: EVALUATION_CHECKS.map((check) => ({ check, ...verdict(check) })) };
}

/**
 * The honest evaluator's batched reply to an evaluation prompt: it fails every check of an empty
 * answer, one citing no source, one with an unverified reference, one stating uncited figures,
 * dates or names, or one whose claim check is short of full support; and `definitive` for an
 * answer that hedges. Otherwise every check passes.
 */
export function honestEvaluationReply(prompt: string) {
  const shown = shownAnswer(prompt);
  return evaluationReply((check) => checkVerdict(check, shown));
}

/** A score from 0 to 10 for a share from 0 to 1. */
const scoreOf = (share: number) => Math.max(0, Math.min(10, Math.round(share * 10)));

/**
 * A final evaluation whose scores follow what it is shown: accuracy is the supported share of the
 * claim check (1 when no claim was checked, 0 without references), source quality grows with the
 * distinct hosts of verified references (0 without), completeness is the share of sub-questions
 * ticked, relevance is low for an empty or hedging answer; each list says why.
 */
export function honestFinalEvaluation(prompt = '') {
  const shown = shownAnswer(prompt);
  const hosts = new Set(shown.references.filter((reference) => reference.verified).map((item) => item.host));
  const supportedShare = shown.claimCheck
    ? shown.claimCheck.total === 0
      ? 0.1
      : shown.claimCheck.supported / shown.claimCheck.total
    : 0.1;
  const scores = {
    relevance: shown.answer === '' ? 0 : HEDGES.test(shown.answer) ? 3 : 8,
    accuracy: shown.references.length === 0 ? 0 : scoreOf(supportedShare),
    completeness: shown.plan.total === 0 ? 5 : scoreOf(shown.plan.closed / shown.plan.total),
    sourceQuality: hosts.size === 0 ? 0 : Math.min(9, 4 + 2 * hosts.size),
  };
  const problems = evidenceProblems(shown);
  const fewHosts = hosts.size > 0 && hosts.size < 2 ? ['Every verified quote comes from one host.'] : [];
  return {
    scores,
    strengths: problems.length === 0 ? ['Every claim cites a quote from a source.'] : [],
    weaknesses: [...problems, ...fewHosts].slice(0, 5),
    recommendations:
      shown.references.length === 0
        ? ['Search with other words, or research other sources.']
        : problems.length > 0
          ? ['Rewrite the unsupported sentences from the quotes, or research them.']
          : ['Read a second independent source.'],
    followUps: honestFollowUps(prompt, shown.question),
  };
}

/**
 * Follow-ups an honest evaluator suggests from what it was shown: which value is right for each
 * conflict, then questions about the question itself (its first line, quoted).
 */
function honestFollowUps(prompt: string, question: string): string[] {
  const asked = (question.split('\n')[0] ?? '').slice(0, 80);
  const conflicts = (section(prompt, 'conflicts') ?? '')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => `Which value is right: ${line.slice(2).trim()}?`);
  return [
    ...conflicts,
    `Which independent sources confirm the answer to "${asked}"?`,
    `What has changed recently about "${asked}"?`,
  ].slice(0, 3);
}
