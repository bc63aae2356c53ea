import type { ClaimsSummary, ClaimVerdict, Finding, FindingQuote, Reference } from '../../contract/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { quoteCoverage } from '../support/index.js';
import { computationReferenceFields } from './computations.js';
import { fileReferenceFields } from './file-quotes.js';
import type { Judgement } from './judge.js';
import { rewriteMarkers, stripMarkers } from './markers.js';
import type { AnswerPiece } from './sentences.js';

/** An answer after its claims were checked: `[n]` markers, references, a verdict per sentence. */
export interface VerifiedAnswer {
  answer: string;
  references: Reference[];
  claims: ClaimVerdict[];
  summary: ClaimsSummary;
}

/** One sentence as verification goes: its text (finding markers), what it cites, what was found. */
export interface Sentence {
  number: number;
  text: string;
  /** Findings it cites whose quotes passed the mechanical checks, with those quotes. */
  cited: { finding: Finding; quotes: FindingQuote[] }[];
  judgement?: Judgement;
  /** Why it was not judged (cancelled, the judge failed): kept as written, never counted supported. */
  unchecked?: string;
  /** The writer's revision deleted it: gone from the answer and from the claims. */
  removed?: boolean;
  /** Still unsupported after the revision: left out of the answer, listed among its claims. */
  withheld?: boolean;
}

/** A piece of the answer, with its sentence's state when it is one. */
export type Piece = AnswerPiece & { sentence?: Sentence };

/** A list item or quote line left with nothing in it once its sentence was left out. */
const EMPTY_ITEM = /^[ \t]*(?:(?:>[ \t]*)+|(?:>[ \t]*)*(?:[-*+]|\d{1,3}[.)]))[ \t]*$\n?/gm;

/**
 * How closely a verified reference's quotes match the sentences citing it: the lowest, over those
 * sentences, of the share of the sentence's content words its quotes hold (`quoteCoverage`),
 * rounded to two decimals.
 */
function relevanceOf(citing: readonly Sentence[], findingId: string): number {
  const shares = citing.map((sentence) => {
    const quotes = sentence.cited
      .filter((item) => item.finding.id === findingId)
      .flatMap((item) => item.quotes.map((quote) => quote.text));
    return quoteCoverage(stripMarkers(sentence.text), quotes);
  });
  return Math.round(Math.min(1, ...shares) * 100) / 100;
}

/** Marker numbers in order of first citation, references, and each sentence's verdict. */
export function render(pieces: readonly Piece[], maxUrls: number): VerifiedAnswer {
  const numbers = new Map<string, number>();
  const findings = new Map<string, Finding>();
  const citedBy = new Map<string, Sentence[]>();
  const urls = new Set<string>();
  for (const piece of pieces) {
    const sentence = piece.sentence;
    if (!sentence || sentence.removed || sentence.withheld) continue;
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
  // The space after a sentence left out goes with it.
  let dropSpace = false;
  const text = pieces
    .map((piece) => {
      const sentence = piece.sentence;
      if (!sentence) {
        const kept = dropSpace ? piece.text.replace(/^[ \t]+/, '') : piece.text;
        dropSpace = false;
        return kept;
      }
      dropSpace = false;
      if (sentence.removed) {
        dropSpace = true;
        return '';
      }
      if (sentence.withheld) {
        claims.push({
          text: stripMarkers(sentence.text),
          verdict: 'unsupported',
          reason: sentence.judgement?.reason ?? 'no verdict',
          references: [],
        });
        dropSpace = true;
        return '';
      }
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
        verdict: sentence.unchecked ? 'unchecked' : (sentence.judgement?.verdict ?? 'unsupported'),
        reason: sentence.unchecked ?? sentence.judgement?.reason ?? 'no verdict',
        references: used,
      });
      return rendered;
    })
    .join('')
    .replace(EMPTY_ITEM, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const references: Reference[] = [...numbers.keys()].map((id) => {
    const finding = findings.get(id) as Finding;
    const citing = citedBy.get(id) ?? [];
    const supportsAll = citing.every(
      (sentence) => sentence.judgement?.verdict === 'supported' && !sentence.unchecked,
    );
    return {
      url: finding.source.url,
      title: finding.source.title,
      quote: finding.quotes.map((quote) => quote.text).join(' … '),
      verified: supportsAll,
      relevance: supportsAll ? relevanceOf(citing, id) : 0,
      findingId: id,
      ...fileReferenceFields(finding),
      ...computationReferenceFields(finding),
    };
  });
  const counted = claims.filter((claim) => claim.verdict !== 'not_factual');
  const withVerdict = (verdict: ClaimVerdict['verdict']) =>
    counted
      .filter((claim) => claim.verdict === verdict)
      .map((claim) => ({ text: claim.text, reason: claim.reason }));
  const unchecked = withVerdict('unchecked');
  const summary: ClaimsSummary = {
    total: counted.length,
    supported: counted.filter((claim) => claim.verdict === 'supported').length,
    unsupported: withVerdict('unsupported'),
    ...(unchecked.length > 0 ? { unchecked } : {}),
  };
  return { answer: text, references, claims, summary };
}
