import type { JudgeItem } from '../prompts/judge-prompt.js';
import type { StepContext } from '../run/step-context.js';
import { checkClaimAgainstQuotes } from '../support/index.js';
import { CLAIM_CHECKS, firstVerdict } from './claim-checks.js';
import { type ComputationChecks, checkComputations, outputOnly, sourceQuoteCheck } from './computations.js';
import { judgeClaims } from './judge.js';
import { citedIds, rewriteMarkers, stripMarkers } from './markers.js';
import { type Piece, render, type Sentence, type VerifiedAnswer } from './render-answer.js';
import { reviseSentences } from './revise.js';
import { splitSentences } from './sentences.js';

/** What a sentence is checked with besides its citations: the answer's earlier sentences and the re-runs. */
interface PrepareOptions {
  /** Ids cited that are no finding of the run, collected for one warning. */
  unknown: Set<string>;
  computations: ComputationChecks;
  /** The answer's sentences before this one, markers stripped. */
  earlier: readonly string[];
}

/**
 * Reads a sentence's citations and checks each cited finding on its own: a finding from a page or
 * a file by its quotes still in the source, a computed finding by its re-run (`computed`; its
 * output alone when it was not run again). The markers of findings that failed are removed. Then
 * the claim checks run in order (`CLAIM_CHECKS`); the first decisive verdict is the sentence's, and
 * the judge only sees the sentences none decided.
 */
function prepare(
  context: Pick<StepContext, 'run' | 'corpora'>,
  sentence: Sentence,
  options: PrepareOptions,
): void {
  const { run } = context;
  const text = stripMarkers(sentence.text);
  const dropped: string[] = [];
  sentence.cited = [];
  for (const id of citedIds(sentence.text)) {
    const finding = run.evidence.findings.get(id);
    if (!finding) {
      options.unknown.add(id);
      continue;
    }
    const check = finding.computation
      ? (options.computations.get(finding.id) ?? outputOnly(finding))
      : sourceQuoteCheck(context, finding);
    if (check.ok) sentence.cited.push({ finding, quotes: check.quotes });
    else dropped.push(check.reason);
  }
  const kept = new Set(sentence.cited.map((item) => item.finding.id));
  sentence.text = rewriteMarkers(
    sentence.text,
    (id) => kept.has(id),
    (list) => `[${list.join(', ')}]`,
  );
  sentence.unchecked = undefined;
  sentence.judgement = firstVerdict(
    CLAIM_CHECKS,
    { text, cited: sentence.cited, dropped },
    { question: run.question, earlier: options.earlier },
  );
}

/** The texts, markers stripped, of the sentences before `sentence` still in the answer. */
function earlierThan(sentences: readonly Sentence[], sentence: Sentence): string[] {
  const before = sentences.slice(0, sentences.indexOf(sentence));
  return before.filter((item) => !item.removed).map((item) => stripMarkers(item.text));
}

/** Judges the sentences of `among` (all by default) not yet decided, in batched calls. */
async function judge(
  context: StepContext,
  sentences: readonly Sentence[],
  among: readonly Sentence[] = sentences,
): Promise<void> {
  const open = among.filter((sentence) => !sentence.removed && !sentence.judgement);
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
        context: earlierThan(sentences, sentence),
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
  options: Pick<PrepareOptions, 'unknown' | 'computations'>,
) {
  const earlier: string[] = [];
  const pieces: Piece[] = splitSentences(text).map((piece) => {
    if (piece.kind !== 'sentence') return piece;
    const sentence: Sentence = { number: earlier.length + 1, text: piece.text, cited: [] };
    prepare(context, sentence, { ...options, earlier: [...earlier] });
    earlier.push(stripMarkers(piece.text));
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
 * Checks every sentence of a written answer (with `[F12]` finding markers) against the evidence it
 * cites: each cited finding's quotes must still be verbatim in the stored source (a computed
 * finding must reproduce when run again); then the claim checks run in order (`CLAIM_CHECKS`), and
 * the evaluator judges, in batched calls, the sentences no check decided. Unsupported sentences
 * are revised once by the writer from `evidence()` and go through the same checks again; what is
 * still unsupported leaves the answer and is listed among its claims with the reason (and after
 * the answer, see `recordDraft`). Markers become `[n]` in order of first citation; a reference is
 * verified only when every sentence citing it was judged supported.
 */
export async function verifyAnswer(
  context: StepContext,
  options: { text: string; evidence: () => Promise<string> },
): Promise<VerifiedAnswer> {
  const unknown = new Set<string>();
  const computations = await checkComputations(context, [options.text]);
  const { pieces, sentences } = splitAndPrepare(context, options.text, { unknown, computations });
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
    await checkComputations(context, [...revised.values()], computations);
    for (const sentence of toRevise) {
      const text = revised.get(sentence.number);
      if (text === undefined) continue;
      if (text === '') sentence.removed = true;
      else {
        sentence.text = text;
        prepare(context, sentence, { unknown, computations, earlier: earlierThan(sentences, sentence) });
      }
    }
    await judge(context, sentences, toRevise);
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
  const { pieces, sentences } = splitAndPrepare(context, text, { unknown, computations: new Map() });
  for (const sentence of sentences) if (!sentence.judgement) sentence.unchecked = reason;
  return finish(context, pieces, unknown);
}
