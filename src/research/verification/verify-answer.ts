import { canonicalUrl } from '../../shared/index.js';
import type { JudgeItem } from '../prompts/judge.js';
import type { StepContext } from '../steps/context.js';
import type { ClaimsSummary, ClaimVerdict, Finding, FindingQuote, Reference } from '../types.js';
import { type Judgement, judgeClaims } from './judge.js';
import { citedIds, rewriteMarkers, stripMarkers } from './markers.js';
import { checkQuotes } from './quote-checks.js';
import { reviseSentences } from './revise.js';
import { type AnswerPiece, splitSentences } from './sentences.js';

/** An answer after its claims were checked: `[n]` markers, references, a verdict per sentence. */
export interface VerifiedAnswer {
  answer: string;
  references: Reference[];
  claims: ClaimVerdict[];
  summary: ClaimsSummary;
}

/** One sentence as verification goes: its text (finding markers), what it cites, what was found. */
interface Sentence {
  number: number;
  text: string;
  /** Findings it cites whose quotes passed the mechanical checks, with those quotes. */
  cited: { finding: Finding; quotes: FindingQuote[] }[];
  judgement?: Judgement;
  /** Why it was not judged (the judge failed): kept as written, never counted supported. */
  unchecked?: string;
  removed?: boolean;
}

/** Reads a sentence's citations and runs the mechanical checks; decides it when they all fail. */
function prepare(context: Pick<StepContext, 'state'>, sentence: Sentence, unknown: Set<string>): void {
  const { state } = context;
  const plain = stripMarkers(sentence.text);
  const ids = citedIds(sentence.text);
  const failures: string[] = [];
  sentence.cited = [];
  for (const id of ids) {
    const finding = state.findings.get(id);
    if (!finding) {
      unknown.add(id);
      continue;
    }
    const check = checkQuotes(finding, plain, state.sources.get(canonicalUrl(finding.source.url))?.text);
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
  if (sentence.cited.length === 0 && failures[0])
    sentence.judgement = { verdict: 'unsupported', reason: failures[0] };
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
    sentence.judgement =
      judgement.verdict === 'supported' && sentence.cited.length === 0
        ? { verdict: 'unsupported', reason: 'states a fact but cites no finding' }
        : judgement;
  }
}

const isUnsupported = (sentence: Sentence) =>
  !sentence.removed && sentence.judgement?.verdict === 'unsupported';

/** Marker numbers in order of first citation, references, and each sentence's verdict. */
function render(pieces: readonly Piece[], maxUrls: number): VerifiedAnswer {
  const numbers = new Map<string, number>();
  const findings = new Map<string, Finding>();
  const citedBy = new Map<string, Sentence[]>();
  const urls = new Set<string>();
  for (const piece of pieces) {
    const sentence = piece.sentence;
    if (!sentence || sentence.removed) continue;
    for (const { finding } of sentence.cited) {
      const url = canonicalUrl(finding.source.url);
      if (!urls.has(url) && urls.size >= maxUrls) continue;
      urls.add(url);
      if (!numbers.has(finding.id)) numbers.set(finding.id, numbers.size + 1);
      findings.set(finding.id, finding);
      citedBy.set(finding.id, [...(citedBy.get(finding.id) ?? []), sentence]);
    }
  }
  const claims: ClaimVerdict[] = [];
  const text = pieces
    .map((piece) => {
      const sentence = piece.sentence;
      if (!sentence) return piece.text;
      if (sentence.removed) return '';
      const used: number[] = [];
      const rendered = rewriteMarkers(
        sentence.text,
        (id) => numbers.has(id),
        (ids) =>
          ids
            .map((id) => {
              const number = numbers.get(id) ?? 0;
              if (!used.includes(number)) used.push(number);
              return `[${number}]`;
            })
            .join(''),
      );
      claims.push({
        text: stripMarkers(sentence.text),
        verdict: sentence.judgement?.verdict ?? 'unsupported',
        reason: sentence.unchecked ?? sentence.judgement?.reason ?? 'not checked',
        references: used,
      });
      return rendered;
    })
    .join('')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const references: Reference[] = [...numbers.keys()].map((id) => {
    const finding = findings.get(id) as Finding;
    const supportsAll = (citedBy.get(id) ?? []).every(
      (sentence) => sentence.judgement?.verdict === 'supported' && !sentence.unchecked,
    );
    return {
      url: finding.source.url,
      title: finding.source.title,
      quote: finding.quotes.map((quote) => quote.text).join(' … '),
      verified: supportsAll,
      findingId: id,
    };
  });
  const counted = claims.filter((claim) => claim.verdict !== 'not_factual');
  const summary: ClaimsSummary = {
    total: counted.length,
    supported: counted.filter((claim) => claim.verdict === 'supported').length,
    unsupported: counted
      .filter((claim) => claim.verdict === 'unsupported')
      .map((claim) => ({ text: claim.text, reason: claim.reason })),
  };
  return { answer: text, references, claims, summary };
}

type Piece = AnswerPiece & { sentence?: Sentence };

/** The answer's pieces with a prepared sentence for each sentence piece. */
function splitAndPrepare(context: Pick<StepContext, 'state'>, text: string, unknown: Set<string>) {
  let number = 0;
  const pieces: Piece[] = splitSentences(text).map((piece) => {
    if (piece.kind !== 'sentence') return piece;
    number += 1;
    const sentence: Sentence = { number, text: piece.text, cited: [] };
    prepare(context, sentence, unknown);
    return { ...piece, sentence };
  });
  const sentences = pieces.flatMap((piece) => (piece.sentence ? [piece.sentence] : []));
  return { pieces, sentences };
}

/** Strips the markers of what stays unsupported or not factual, warns of unknown ids, renders. */
function finish(
  context: Pick<StepContext, 'state' | 'emit'>,
  pieces: readonly Piece[],
  unknown: ReadonlySet<string>,
): VerifiedAnswer {
  for (const { sentence } of pieces) {
    if (!sentence) continue;
    if (isUnsupported(sentence) || sentence.judgement?.verdict === 'not_factual') {
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
  return render(pieces, context.state.options.maxReturnedUrls);
}

/**
 * Checks every sentence of a written answer (with `[F12]` finding markers) against the quotes it
 * cites: the quotes must still be verbatim in the stored source and long enough to support
 * anything; then the evaluator judges each sentence in batched calls. Unsupported sentences are
 * revised once by the writer from `evidence()` and judged again; what is still unsupported keeps
 * its text, loses its markers and is listed. Markers become `[n]` in order of first citation; a
 * reference is verified only when every sentence citing it was judged supported.
 */
export async function verifyAnswer(
  context: StepContext,
  options: { text: string; evidence: () => Promise<string> },
): Promise<VerifiedAnswer> {
  const unknown = new Set<string>();
  const { pieces, sentences } = splitAndPrepare(context, options.text, unknown);
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
    for (const sentence of toRevise) {
      const text = revised.get(sentence.number);
      if (text === undefined) continue;
      if (text === '') sentence.removed = true;
      else {
        sentence.text = text;
        prepare(context, sentence, unknown);
      }
    }
    await judge(context, toRevise);
  }
  return finish(context, pieces, unknown);
}

/**
 * The same checks when no model can judge: the mechanical checks run, every other sentence is
 * left unchecked (`reason`), so no reference is verified.
 */
export function verifyWithoutModel(
  context: Pick<StepContext, 'state' | 'emit'>,
  text: string,
  reason: string,
): VerifiedAnswer {
  const unknown = new Set<string>();
  const { pieces, sentences } = splitAndPrepare(context, text, unknown);
  for (const sentence of sentences) if (!sentence.judgement) sentence.unchecked = reason;
  return finish(context, pieces, unknown);
}
