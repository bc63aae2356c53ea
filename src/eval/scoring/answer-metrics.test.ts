import { describe, expect, it } from 'vitest';
import { exactMatch, scoreAnswer, tokenF1 } from './answer-metrics.js';
import { normalizeAnswer } from './normalize-answer.js';

// Expected values worked out by hand from the official SQuAD v1.1 / HotpotQA logic: lower-case,
// drop string.punctuation (ASCII only), \b(a|an|the)\b → ' ' with Python's Unicode \b, str.split().
describe('normalizeAnswer (official SQuAD/HotpotQA normalisation)', () => {
  it.each([
    ['Theatre of the Absurd', 'theatre of absurd'], // articles only as whole words
    ['THE END', 'end'], // lower-cased before articles are removed
    ['(the) end', 'end'], // punctuation goes before articles
    ['a.b', 'ab'],
    ['U.S.A.', 'usa'],
    ['don’t', 'don’t'], // ’ is not ASCII punctuation: kept
    ['Ärger über Öl', 'ärger über öl'],
    ['éthe a', 'éthe'], // é is a word character to Python: no boundary before "the"
    ['theé', 'theé'],
    ['the\u0301 cat', '\u0301 cat'], // a combining mark is not a word character: "the" is removed
    ['New\u00a0York', 'new york'], // NBSP is whitespace to str.split()
    ['x\u001cy', 'x y'], // so is U+001C
    ['\ufeffParis', '\ufeffparis'], // but U+FEFF is not (JavaScript's \s would say it is)
    ['  many   spaces\there ', 'many spaces here'],
  ])('%j → %j', (text, normalised) => {
    expect(normalizeAnswer(text)).toBe(normalised);
  });
});

describe('exact match and token F1', () => {
  it.each([
    ['The Beatles', 'Beatles', 1, 1],
    ['an apple', 'apple', 1, 1],
    ['rock-n-roll', 'rocknroll', 1, 1],
    ['1200 metres', '1,200 metres', 1, 1],
    ['Zürich', 'ZÜRICH', 1, 1],
    ['İstanbul', 'i̇stanbul', 1, 1],
    ['Straße', 'STRASSE', 0, 0], // lower-casing does not fold ß to ss
    ['don’t', 'dont', 0, 0],
    ['\ufeffParis', 'Paris', 0, 0],
    ['Anna Lena Brandt', 'Anna-Lena Brandt', 0, 0.4], // 1 common of 3 and 2 tokens
    ['in 1887', '1887', 0, 2 / 3],
    ['Margaret', 'Margaret Ellis', 0, 2 / 3],
    ['the cat the cat sat', 'cat sat on mat', 0, 4 / 7], // counts clipped: cat once, sat once
    ['yes', 'Yes!', 1, 1],
    ['yes it is', 'yes', 0, 0], // HotpotQA: a yes/no gold earns no partial credit
    ['no', 'no way', 0, 0], // nor does a yes/no prediction
    ['noanswer', 'no answer', 0, 0],
    ['', 'x', 0, 0],
    ['', '', 1, 0], // both empty: EM 1, F1 0, as the official scripts give
    ['A', 'the', 1, 0],
  ])('%j against %j: EM %d, F1 %d', (prediction, gold, em, f1) => {
    expect(exactMatch(prediction, gold)).toBe(em);
    expect(tokenF1(prediction, gold).f1).toBeCloseTo(f1, 12);
  });

  it('reports precision and recall with F1', () => {
    expect(tokenF1('in 1887', '1887')).toEqual({ f1: 2 / 3, precision: 0.5, recall: 1 });
  });

  it('takes the best over the gold answer and its aliases', () => {
    expect(scoreAnswer('NYC', ['New York City', 'NYC'])).toMatchObject({ em: 1, f1: 1 });
    expect(scoreAnswer('New York', ['New York City', 'NYC'])).toMatchObject({ em: 0, f1: 0.8 });
    expect(scoreAnswer('Boston', ['New York City', 'NYC'])).toEqual({
      em: 0,
      f1: 0,
      precision: 0,
      recall: 0,
    });
  });
});
