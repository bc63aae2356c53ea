import { canonicalUrl } from '../../shared/index.js';
import type { ClaimsSummary, ClaimVerdict, Finding, FindingQuote, Reference } from '../types.js';
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
  /** Why it was not judged (the judge failed): kept as written, never counted supported. */
  unchecked?: string;
  removed?: boolean;
}

/** A piece of the answer, with its sentence's state when it is one. */
export type Piece = AnswerPiece & { sentence?: Sentence };

/** Marker numbers in order of first citation, references, and each sentence's verdict. */
export function render(pieces: readonly Piece[], maxUrls: number): VerifiedAnswer {
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
        ...(sentence.unchecked !== undefined && !sentence.judgement ? { checked: false as const } : {}),
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
      ...fileReferenceFields(finding),
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
