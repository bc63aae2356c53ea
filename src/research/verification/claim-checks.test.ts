import { describe, expect, it } from 'vitest';
import type { Finding, FindingQuote } from '../../contract/index.js';
import {
  CLAIM_CHECKS,
  type ClaimCheck,
  type ClaimEvidence,
  citationsHold,
  firstVerdict,
  quotesSupport,
} from './claim-checks.js';

const quote = (text: string): FindingQuote => ({
  text,
  location: { kind: 'chars', start: 0, end: text.length },
});

function finding(id: string, quotes: string[], computation?: Finding['computation']): Finding {
  return {
    id,
    claim: quotes[0] ?? '',
    quotes: quotes.map(quote),
    source: { url: `https://example.org/${id}`, title: id },
    subQuestionId: 'q1',
    ...(computation ? { computation } : {}),
  };
}

/** A sentence citing `findings`, every quote of which held up, and nothing dropped. */
function citing(text: string, findings: Finding[], dropped: string[] = []): ClaimEvidence {
  return { text, cited: findings.map((item) => ({ finding: item, quotes: item.quotes })), dropped };
}

const context = { question: 'How long is the Tamar bridge?', earlier: [] };

describe('firstVerdict', () => {
  const abstains: ClaimCheck = () => undefined;
  const rejects =
    (reason: string): ClaimCheck =>
    () => ({ verdict: 'unsupported', reason });

  it('takes the first decisive verdict in the order given, past the checks with no opinion', () => {
    const claim = citing('Anything.', []);
    expect(firstVerdict([abstains, rejects('first'), rejects('second')], claim, context)?.reason).toBe(
      'first',
    );
    expect(firstVerdict([rejects('second'), rejects('first')], claim, context)?.reason).toBe('second');
  });

  it('leaves the sentence to the judge when no check has an opinion', () => {
    expect(firstVerdict([abstains, abstains], citing('Anything.', []), context)).toBeUndefined();
  });
});

describe('citationsHold', () => {
  const page = finding('F1', ['The Tamar bridge is 335 metres long.']);

  it('rejects a sentence none of whose citations held up, for the first reason', () => {
    const verdict = citationsHold(
      citing('It is 335 metres long.', [], ['quote not found', 'source gone']),
      context,
    );
    expect(verdict).toEqual({ verdict: 'unsupported', reason: 'quote not found' });
  });

  it('has no opinion when one citation held up, or when the sentence cites nothing', () => {
    expect(
      citationsHold(citing('It is 335 metres long.', [page], ['quote not found']), context),
    ).toBeUndefined();
    expect(citationsHold(citing('It is a bridge.', []), context)).toBeUndefined();
  });
});

describe('quotesSupport', () => {
  it('has no opinion when the quotes hold every figure the sentence states', () => {
    const page = finding('F1', ['The Tamar bridge is 335 metres long and opened in 1961.']);
    expect(quotesSupport(citing('The bridge opened in 1961.', [page]), context)).toBeUndefined();
  });

  it('rejects a figure the quotes do not hold, naming it', () => {
    const page = finding('F1', ['The Tamar bridge is 335 metres long and opened in 1961.']);
    const verdict = quotesSupport(citing('The bridge opened in 1971.', [page]), context);
    expect(verdict?.verdict).toBe('unsupported');
    expect(verdict?.reason).toContain('1971');
  });

  it('rejects a sentence that cites nothing and states a figure, but not one the question gives', () => {
    expect(quotesSupport(citing('The bridge opened in 1961.', []), context)?.verdict).toBe('unsupported');
    const asked = { ...context, question: 'What happened to the bridge in 1961?' };
    expect(quotesSupport(citing('The bridge opened in 1961.', []), asked)).toBeUndefined();
  });

  it('takes the names of the answer’s earlier sentences as known: a surname alone stands for the full name', () => {
    const page = finding('F1', [
      "In 1991 the Publisher joined Video Store Magazine, Home Media's predecessor.",
    ]);
    const claim = citing('In 1991 Arnold joined Video Store Magazine.', [page]);
    expect(quotesSupport(claim, context)?.reason).toContain('Arnold');
    const earlier = ['Thomas K. Arnold is the publisher of Media Play News.'];
    expect(quotesSupport(claim, { ...context, earlier })).toBeUndefined();
  });

  describe('with a computed finding', () => {
    const before = finding('F1', ['Traffic on the bridge was 16,000 vehicles a day in 2001.']);
    const after = finding('F2', ['Traffic on the bridge was 20,000 vehicles a day in 2011.']);
    const output = quote(
      'The output is 25%, computed by a program from findings F1 and F2 (growth towards the 30,000 vehicles a day it was built for).',
    );
    const computed = finding('F3', [], {
      language: 'javascript',
      program: 'return "25%"',
      inputs: ['F1', 'F2'],
      output: '25%',
      purpose: 'growth towards the 30,000 vehicles a day it was built for',
      durationMs: 1,
    });
    // As a reproduced computation is cited: its output worded for the judge, then its inputs' quotes.
    const cited: ClaimEvidence['cited'] = [
      { finding: computed, quotes: [output, ...before.quotes, ...after.quotes] },
    ];

    it('takes the output as stated, and the inputs quotes for the rest', () => {
      const claim = { text: 'Traffic grew by 25% between 2001 and 2011.', cited, dropped: [] };
      expect(quotesSupport(claim, context)).toBeUndefined();
    });

    it('never takes the output as worded for the judge as a quote', () => {
      const claim = { text: 'Traffic grew by 25% towards 30,000 vehicles a day.', cited, dropped: [] };
      expect(quotesSupport(claim, context)?.reason).toContain('30,000');
    });
  });
});

describe('CLAIM_CHECKS', () => {
  it('judges the citations before what the quotes hold', () => {
    const claim = citing('The bridge opened in 1971.', [], ['quote not found in the stored source']);
    expect(firstVerdict(CLAIM_CHECKS, claim, context)).toEqual({
      verdict: 'unsupported',
      reason: 'quote not found in the stored source',
    });
  });
});
