import { describe, expect, it } from 'vitest';
import { splitIdentifier } from './split-identifier.js';
import { pathTokens, tokenize } from './tokenize.js';

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

  it('turns path parts into tokens', () => {
    expect(pathTokens('src/corpus/read-file.ts')).toEqual(['src', 'corpu', 'readfile', 'read', 'file', 'ts']);
  });
});
