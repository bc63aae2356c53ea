import { describe, expect, it } from 'vitest';
import { splitIdentifier } from './split-identifier.js';
import { fileNameParts, pathTokens, queryTokens, tokenize } from './tokenize.js';

describe('corpus tokens', () => {
  it('splits identifiers at every convention and keeps digits with their letters', () => {
    expect(splitIdentifier('getHTTPResponse_code')).toEqual(['get', 'HTTP', 'Response', 'code']);
    expect(splitIdentifier('parse-url')).toEqual(['parse', 'url']);
    expect(splitIdentifier('sha256Digest')).toEqual(['sha256', 'Digest']);
    expect(splitIdentifier('$scope')).toEqual(['scope']);
  });

  it('gives the parts stemmed and the whole identifier, so every spelling meets', () => {
    const camel = tokenize('parseUrl');
    expect(camel).toEqual(['parseurl', 'pars', 'url']);
    expect(tokenize('parse_url')).toEqual(camel);
    expect(tokenize('parse-url')).toEqual(camel);
    // A query in words finds the identifier through its parts.
    expect(tokenize('parsing URLs')).toEqual(['pars', 'url']);
  });

  it('drops stop words and stems prose', () => {
    expect(tokenize('The routers are dispatching requests')).toEqual(['router', 'dispatch', 'request']);
  });

  it('reads a Greek letter used as a symbol as its name, so the letter and the spelling meet', () => {
    expect(tokenize('TNF-α')).toEqual(tokenize('TNF-alpha'));
    expect(tokenize('NF-κB activation')).toEqual(tokenize('NF-kappaB activation'));
    expect(tokenize('IFNγ')).toEqual(['ifngamma', 'ifn', 'gamma']);
    expect(tokenize('Δ9-THC')).toEqual(tokenize('delta9-THC'));
    // Words written in Greek stay Greek words.
    expect(tokenize('Καλημέρα κόσμε')).toEqual(['καλημέρα', 'κόσμε']);
  });

  it("marks a word's whole form apart from its parts, for a query to weigh", () => {
    expect(queryTokens('parseUrl routes')).toEqual([
      { token: 'parseurl', whole: true },
      { token: 'pars', whole: false },
      { token: 'url', whole: false },
      { token: 'rout', whole: false },
    ]);
  });

  it('turns path parts into tokens', () => {
    expect(pathTokens('src/corpus/read-file.ts')).toEqual(['src', 'corpu', 'readfile', 'read', 'file', 'ts']);
  });

  it("gives a file name's stemmed parts, without its folders, extensions or whole form", () => {
    expect(fileNameParts('lib/optimize/ModuleConcatenationPlugin.js')).toEqual([
      'modul',
      'concaten',
      'plugin',
    ]);
    expect(fileNameParts('src/research/stop-conditions.test.ts')).toEqual(['stop', 'condit']);
    expect(fileNameParts('src/server/http/openai/progress.ts')).toEqual(['progress']);
    expect(fileNameParts('src/a/the.ts')).toEqual([]);
  });

  it('split a hostile word of 600,000 letters without overflowing the stack', () => {
    // A spread of its 300,000 pieces threw "Maximum call stack size exceeded"; the file was skipped.
    const word = 'aB'.repeat(300_000);
    expect(splitIdentifier(word)).toHaveLength(300_001);
    expect(() => tokenize(`const ${word} = 1;`)).not.toThrow();
  });
});
