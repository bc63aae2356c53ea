import { describe, expect, it } from 'vitest';
import { plainAnswer, turnReferences } from './turn-references.js';

const turn = (
  answer: string,
  citations: { url: string; title?: string; start?: number; end?: number }[] = [],
) => ({
  answer,
  citations,
});

describe('turnReferences: the sources an earlier answer cites, with what it says they say', () => {
  it('resolves [n] markers through reference lines and footnotes, with the citing sentences as claims', () => {
    const answer = [
      'The tower was completed in 1889 [1]. It is 330 metres tall.[^2] Nobody disputes this.',
      '',
      '[1]: https://example.com/history "Tower history"',
      '[^2]: Eiffel Tower facts — https://example.com/facts',
    ].join('\n');
    expect(turnReferences(turn(answer))).toEqual([
      {
        url: 'https://example.com/history',
        title: 'Tower history',
        claim: 'The tower was completed in 1889.',
        context: [],
      },
      {
        url: 'https://example.com/facts',
        title: 'Eiffel Tower facts',
        claim: 'It is 330 metres tall.',
        // The sentences before the claim: what "It" and a surname alone point back to.
        context: ['The tower was completed in 1889.'],
      },
    ]);
  });

  it('takes markdown links, autolinks and bare URLs, never images, each source once', () => {
    const answer =
      'Paris has [many landmarks](https://example.org/paris). ![map](https://example.org/map.png) ' +
      'More at <https://example.net/more>. And https://example.org/paris, again, says so.';
    const references = turnReferences(turn(answer));
    expect(references.map((reference) => reference.url)).toEqual([
      'https://example.org/paris',
      'https://example.net/more',
    ]);
    expect(references[0]).toEqual({
      url: 'https://example.org/paris',
      title: 'many landmarks',
      claim: 'Paris has many landmarks. And, again, says so.',
      context: [],
    });
  });

  it('takes the citations (annotations) sent with the answer: at a marker, at words, or for the whole answer', () => {
    const answer = 'The tower is 330 metres tall [1]. It was painted in 2019.';
    const marker = answer.indexOf('[1]');
    const references = turnReferences(
      turn(answer, [
        { url: 'https://example.com/facts', title: 'Facts', start: marker, end: marker + 3 },
        { url: 'https://example.com/paint', start: answer.indexOf('painted') },
        { url: 'https://example.com/whole', start: answer.length, end: answer.length },
      ]),
    );
    expect(references).toEqual([
      {
        url: 'https://example.com/facts',
        title: 'Facts',
        claim: 'The tower is 330 metres tall.',
        context: [],
      },
      {
        url: 'https://example.com/paint',
        claim: 'It was painted in 2019.',
        context: ['The tower is 330 metres tall.'],
      },
      {
        url: 'https://example.com/whole',
        claim: 'The tower is 330 metres tall. It was painted in 2019.',
        context: [],
      },
    ]);
  });

  it('reads a numbered source list only when its numbers are cited, and leaves it out of the claims', () => {
    const cited =
      'The tower is 330 metres tall [2].\n\nSources:\n1. Paris — https://example.org/paris\n2. Facts https://example.com/facts';
    expect(turnReferences(turn(cited)).map(({ url, claim }) => ({ url, claim }))).toEqual([
      { url: 'https://example.com/facts', claim: 'The tower is 330 metres tall.' },
      { url: 'https://example.org/paris', claim: 'The tower is 330 metres tall. Sources:' },
    ]);
    // A numbered list of steps with links is text: each link backs its own line.
    const steps = '1. Read https://example.org/a first.\n2. Then https://example.org/b.';
    expect(turnReferences(turn(steps)).map((reference) => reference.claim)).toEqual(['Read first.', 'Then.']);
  });

  it('ignores markers nothing defines, and answers without sources give none', () => {
    expect(turnReferences(turn('The tower is tall [1] [sic].'))).toEqual([]);
    expect(turnReferences(turn(''))).toEqual([]);
  });

  it('cuts a long claim, and reads a huge hostile answer without choking', () => {
    const long = `${'word '.repeat(400)}[1].\n[1]: https://example.com/a`;
    expect(turnReferences(turn(long))[0]?.claim.length).toBe(500);
    const hostile = `${'[[[(('.repeat(2_000)}https://${'a.'.repeat(2_000)}com ${'[1] '.repeat(1_000)}`;
    expect(turnReferences(turn(hostile)).length).toBe(1);
    expect(turnReferences(turn(`${'a.['.repeat(4_000)} https://example.com/x`))).toHaveLength(1);
  });
});

describe('plainAnswer', () => {
  it('is the answer without reference lines, links as their words, one line, cut', () => {
    const answer =
      '# Answer\n\nThe tower is [330 metres](https://example.com/facts) tall [1].\n\n[1]: https://example.com/facts';
    expect(plainAnswer(turn(answer), 100)).toBe('Answer The tower is 330 metres tall.');
    expect(plainAnswer(turn(answer), 10)).toBe('Answer The');
  });
});
