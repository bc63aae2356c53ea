import type { JudgeItem } from '../prompts/judge.js';
import type { StepContext } from '../run/step-context.js';
import { checkClaimAgainstQuotes, type SupportCheck } from '../support/index.js';
import { type ComputationChecks, checkComputations, outputOnly, sourceQuoteCheck } from './computations.js';
import { judgeClaims } from './judge.js';
import { citedIds, rewriteMarkers, stripMarkers } from './markers.js';
import { type Piece, render, type Sentence, type VerifiedAnswer } from './render-answer.js';
import { reviseSentences } from './revise.js';
import { splitSentences } from './sentences.js';

/** The reasons of a failed support check, as one verdict reason. */
export function supportReason(check: SupportCheck): string {
  return check.problems.map((problem) => problem.reason).join('; ');
}

/**
 * Reads a sentence's citations and runs the mechanical checks: its quotes must be in their
 * sources, then `checkClaimAgainstQuotes` must pass on the quotes found (a sentence citing nothing
 * passes only when it states no figure, date or name beyond the question's). A computed finding
 * stands on its re-run (`computed`): its output and its inputs' quotes, or nothing when it was not
 * reproduced. A sentence a check fails is decided unsupported with the check's reason; the judge
 * only sees the others.
 */
function prepare(
  context: Pick<StepContext, 'run' | 'corpora'>,
  sentence: Sentence,
  unknown: Set<string>,
  computations: ComputationChecks,
): void {
  const { run } = context;
  const plain = stripMarkers(sentence.text);
  const ids = citedIds(sentence.text);
  const failures: string[] = [];
  sentence.cited = [];
  for (const id of ids) {
    const finding = run.evidence.findings.get(id);
    if (!finding) {
      unknown.add(id);
      continue;
    }
    const check = finding.computation
      ? (computations.get(finding.id) ?? outputOnly(finding))
      : sourceQuoteCheck(context, finding);
    if (check.ok) sentence.cited.push({ finding, quotes: check.quotes });
    else failures.push(check.reason);
  }
  const kept = new Set(sentence.cited.map((item) => item.finding.id));
  sentence.text = rewriteMarkers(
    sentence.text,
    (id) => kept.has(id),
    (list) => `[${list.join(', ')}]`,
  );
  sentence.judgement = undefined;
  sentence.unchecked = undefined;
  if (sentence.cited.length === 0 && failures[0]) {
    sentence.judgement = { verdict: 'unsupported', reason: failures[0] };
    return;
  }
  // A computed finding's first quote is its output (see `checkComputations`): a figure, not a clause.
  const computed = sentence.cited.flatMap((item) =>
    item.finding.computation ? [item.finding.computation.output] : [],
  );
  const quotes = sentence.cited.flatMap((item) =>
    (item.finding.computation ? item.quotes.slice(1) : item.quotes).map((quote) => quote.text),
  );
  const support = checkClaimAgainstQuotes(plain, quotes, { question: run.question, computed });
  if (!support.ok) sentence.judgement = { verdict: 'unsupported', reason: supportReason(support) };
}

/** Judges the sentences not yet decided, in batched calls. */
async function judge(context: StepContext, sentences: readonly Sentence[]): Promise<void> {
  const open = sentences.filter((sentence) => !sentence.removed && !sentence.judgement);
  if (open.length === 0) return;
  const items: JudgeItem[] = open.map((sentence) => ({
    number: sentence.number,
    text: stripMarkers(sentence.text),
    quotes: sentence.cited.flatMap((item) =>
      item.quotes.map((quote) => ({ id: item.finding.id, text: quote.text })),
    ),
  }));
  const judged = await judgeClaims(context, items);
  for (const sentence of open) {
    const unchecked = judged.unchecked.get(sentence.number);
    if (unchecked) {
      sentence.unchecked = unchecked;
      continue;
    }
    const judgement = judged.verdicts.get(sentence.number);
    if (!judgement) continue;
    // A fact needs a quote: "supported" without any citation is not supported.
    if (judgement.verdict === 'supported' && sentence.cited.length === 0) {
      sentence.judgement = { verdict: 'unsupported', reason: 'states a fact but cites no finding' };
    } else if (judgement.verdict === 'not_factual') {
      // A sentence stating a figure, date or name is a factual claim whatever the judge says.
      const facts = checkClaimAgainstQuotes(stripMarkers(sentence.text), [], {
        question: context.run.question,
      });
      sentence.judgement = facts.ok
        ? judgement
        : {
            verdict: 'unsupported',
            reason: `the checker called it not factual, but it states ${facts.problems.map((problem) => problem.text).join(', ')}`,
          };
    } else {
      sentence.judgement = judgement;
    }
  }
}

const isUnsupported = (sentence: Sentence) =>
  !sentence.removed && sentence.judgement?.verdict === 'unsupported';

/** The answer's pieces with a prepared sentence for each sentence piece. */
function splitAndPrepare(
  context: Pick<StepContext, 'run' | 'corpora'>,
  text: string,
  unknown: Set<string>,
  computed: ComputationChecks,
) {
  let number = 0;
  const pieces: Piece[] = splitSentences(text).map((piece) => {
    if (piece.kind !== 'sentence') return piece;
    number += 1;
    const sentence: Sentence = { number, text: piece.text, cited: [] };
    prepare(context, sentence, unknown, computed);
    return { ...piece, sentence };
  });
  const sentences = pieces.flatMap((piece) => (piece.sentence ? [piece.sentence] : []));
  return { pieces, sentences };
}

/**
 * Leaves out what stays unsupported (it is listed among the claims, not shown as part of the
 * answer), strips the markers of what is not factual, warns of unknown ids, renders.
 */
function finish(
  context: Pick<StepContext, 'run' | 'emit'>,
  pieces: readonly Piece[],
  unknown: ReadonlySet<string>,
): VerifiedAnswer {
  for (const { sentence } of pieces) {
    if (!sentence) continue;
    if (isUnsupported(sentence)) sentence.withheld = true;
    if (sentence.withheld || sentence.judgement?.verdict === 'not_factual') {
      sentence.text = stripMarkers(sentence.text);
      sentence.cited = [];
    }
  }
  if (unknown.size > 0) {
    context.emit({
      type: 'warning',
      code: 'unknown_finding',
      message: `The writer cited findings that do not exist: ${[...unknown].slice(0, 10).join(', ')}; those markers were removed.`,
    });
  }
  return render(pieces, context.run.options.maxReturnedUrls);
}

/**
 * Checks every sentence of a written answer (with `[F12]` finding markers) against the quotes it
 * cites: the quotes must still be verbatim in the stored source and long enough to support
 * anything; then the evaluator judges each sentence in batched calls. Unsupported sentences are
 * revised once by the writer from `evidence()` and judged again; what is still unsupported leaves
 * the answer and is listed among its claims with the reason (and after the answer, see `recordDraft`). Markers become `[n]` in order of first citation; a
 * reference is verified only when every sentence citing it was judged supported.
 */
export async function verifyAnswer(
  context: StepContext,
  options: { text: string; evidence: () => Promise<string> },
): Promise<VerifiedAnswer> {
  const unknown = new Set<string>();
  const computed = await checkComputations(context, [options.text]);
  const { pieces, sentences } = splitAndPrepare(context, options.text, unknown, computed);
  await judge(context, sentences);
  const toRevise = sentences.filter(isUnsupported);
  if (toRevise.length > 0) {
    const revised = await reviseSentences(
      context,
      toRevise.map((sentence) => ({
        number: sentence.number,
        text: stripMarkers(sentence.text),
        reason: sentence.judgement?.reason ?? 'unsupported',
      })),
      await options.evidence(),
    );
    await checkComputations(context, [...revised.values()], computed);
    for (const sentence of toRevise) {
      const text = revised.get(sentence.number);
      if (text === undefined) continue;
      if (text === '') sentence.removed = true;
      else {
        sentence.text = text;
        prepare(context, sentence, unknown, computed);
      }
    }
    await judge(context, toRevise);
  }
  return finish(context, pieces, unknown);
}

/**
 * The same checks when no model can judge: the mechanical checks run, every other sentence is
 * left unchecked (`reason`), so no reference is verified; computed findings are not run again.
 */
export function verifyWithoutModel(
  context: Pick<StepContext, 'run' | 'emit' | 'corpora'>,
  text: string,
  reason: string,
): VerifiedAnswer {
  const unknown = new Set<string>();
  const { pieces, sentences } = splitAndPrepare(context, text, unknown, new Map());
  for (const sentence of sentences) if (!sentence.judgement) sentence.unchecked = reason;
  return finish(context, pieces, unknown);
}
