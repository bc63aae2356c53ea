import { describe, expect, it } from 'vitest';
import { extractSymbols } from './extract-symbols.js';
import { grammarFor } from './parser.js';
import { symbolsHere } from './symbols-here.js';
import { sharedSymbolsPool } from './symbols-pool.js';

// One small file a language the indexer parses, with what the extractor found in it when it walked
// each tree three times (a query for definitions, one for calls, one for references; the corpus
// module at 7cbcde1), but for two mistakes of theirs since mended: `MARGIN` of `const LIMIT = 10,
// MARGIN = 2` was recorded as `LIMIT.MARGIN`, and Python's annotations (`key: str`) as plain
// references. The one query must find the same definitions and references in the same order: their
// order is the rows' order in the index, and a name used twice on a line keeps the first use (a call
// before a plain reference; in document order, then in the order of the patterns).
const sources: Record<string, string> = {
  typescript: `/** A store of users. */
export class UserStore {
  private cache = new Map<string, User>();
  load = async (id: string): Promise<User> => fetchUser(id);
  get(id: string): User | undefined {
    const found = this.cache.get(id); get(id);
    return found;
  }
}
export interface User { id: string; name: string }
export type UserId = User['id'];
enum Role { Admin, Guest }
export const LIMIT = 10, MARGIN = 2;
export function fetchUser(id: UserId): Promise<User> {
  const helper = (value: string) => value.trim();
  return Promise.resolve({ id: helper(id), name: new UserStore().get(id)?.name ?? '' });
}
`,
  tsx: `import { useState } from 'react';
export function Counter({ start }: { start: number }) {
  const [count, setCount] = useState(start);
  const increment = () => setCount(count + 1);
  return <Button onClick={increment}><Label text={String(count)} /></Button>;
}
const Label = ({ text }: { text: string }) => <span>{text}</span>;
`,
  javascript: `// Routes of the app.
const app = createApp();
app.use = function use(handler) { return app.stack.push(handler); };
module.exports = { handle: (request) => app.handle(request), start() { return listen(app); } };
function* ids() { yield next(); }
class Router extends Base {
  route(path) { return this.match(path).map((entry) => entry.handler); }
}
var VERSION = '1.0';
`,
  python: `import os

LIMIT = 10

class Cache:
    """A cache of values."""

    def get(self, key: str) -> Value:
        found = self.values.get(key)
        return load(key) if found is None else found

def load(key: Key) -> Value:
    def parse(text):
        return Value(text)
    return parse(os.environ.get(key, ''))
`,
  go: `package cache

// Cache holds values.
type Cache struct{ values map[string]Value }

type Getter interface {
	Get(key string) (Value, bool)
}

type Key = string

const Limit = 10

var defaultCache = New()

// New makes a cache.
func New() *Cache { return &Cache{values: map[string]Value{}} }

func (c *Cache) Get(key string) (Value, bool) {
	value, ok := c.values[key]
	if !ok { value = load(key); c.Set(key, value) }
	return value, ok
}
`,
};

/** Definitions as `kind qualifiedName start-end doc docStart [local]`; references as `line kind [member] name in enclosing`. */
const expected: Record<string, { definitions: string[]; references: string[] }> = {
  typescript: {
    definitions: [
      'class UserStore 2-9 doc 1',
      'method UserStore.load 4-4 doc 4',
      'method UserStore.get 5-8 doc 5',
      'interface User 10-10 doc 10',
      'type UserId 11-11 doc 11',
      'enum Role 12-12 doc 12',
      'constant LIMIT 13-13 doc 13',
      'constant MARGIN 13-13 doc 13',
      'function fetchUser 14-17 doc 14',
      'function helper 15-15 doc 15 local',
    ],
    references: [
      '3 call Map in 0',
      '4 call fetchUser in 1',
      '6 call member get in 2',
      '15 call member trim in 9',
      '16 call member resolve in 8',
      '16 call helper in 8',
      '16 call UserStore in 8',
      '16 call member get in 8',
      '3 reference cache in 0',
      '3 type User in 0',
      '4 reference id in 1',
      '4 type Promise in 1',
      '4 type User in 1',
      '5 reference id in 2',
      '5 type User in 2',
      '6 reference found in 2',
      '6 reference cache in 2',
      '6 reference id in 2',
      '7 reference found in 2',
      '10 reference id in 3',
      '10 reference name in 3',
      '11 type User in 4',
      '12 reference Admin in 5',
      '12 reference Guest in 5',
      '14 reference id in 8',
      '14 type UserId in 8',
      '14 type Promise in 8',
      '14 type User in 8',
      '15 reference value in 9',
      '16 reference Promise in 8',
      '16 reference id in 8',
      '16 reference name in 8',
    ],
  },
  tsx: {
    definitions: [
      'function Counter 2-6 doc 2',
      'function increment 4-4 doc 4 local',
      'function Label 7-7 doc 7',
    ],
    references: [
      '3 call useState in 0',
      '4 call setCount in 1',
      '5 call Button in 0',
      '5 call Label in 0',
      '5 call String in 0',
      '7 call span in 2',
      '1 reference useState in -1',
      '2 reference start in 0',
      '3 reference count in 0',
      '3 reference setCount in 0',
      '3 reference start in 0',
      '4 reference count in 1',
      '5 reference onClick in 0',
      '5 reference increment in 0',
      '5 reference text in 0',
      '5 reference count in 0',
      '7 reference text in 2',
    ],
  },
  javascript: {
    definitions: [
      'constant app 2-2 doc 1',
      'function app.use 3-3 doc 3',
      'method handle 4-4 doc 4',
      'method start 4-4 doc 4',
      'function ids 5-5 doc 5',
      'class Router 6-8 doc 6',
      'method Router.route 7-7 doc 7',
      'variable VERSION 9-9 doc 9',
    ],
    references: [
      '2 call createApp in 0',
      '3 call member push in 1',
      '4 call member handle in 3',
      '4 call listen in 3',
      '5 call next in 4',
      '7 call member match in 6',
      '7 call member map in 6',
      '3 reference app in 1',
      '3 reference use in 1',
      '3 reference handler in 1',
      '3 reference stack in 1',
      '4 reference module in 3',
      '4 reference exports in 3',
      '4 reference request in 3',
      '4 reference app in 3',
      '6 reference Base in 5',
      '7 reference path in 6',
      '7 reference entry in 6',
      '7 reference handler in 6',
    ],
  },
  python: {
    definitions: [
      'constant LIMIT 3-3 doc 3',
      'class Cache 5-10 doc 5',
      'method Cache.get 8-10 doc 8',
      'function load 12-15 doc 12',
      'function parse 13-14 doc 13 local',
    ],
    references: [
      '9 call member get in 2',
      '10 call load in 2',
      '14 call Value in 4',
      '15 call parse in 3',
      '15 call member get in 3',
      '1 reference os in -1',
      '8 reference key in 2',
      '8 type str in 2',
      '8 type Value in 2',
      '9 reference found in 2',
      '9 reference values in 2',
      '9 reference key in 2',
      '10 reference key in 2',
      '10 reference found in 2',
      '12 reference key in 3',
      '12 type Key in 3',
      '12 type Value in 3',
      '13 reference text in 4',
      '14 reference text in 4',
      '15 reference os in 3',
      '15 reference environ in 3',
      '15 reference key in 3',
    ],
  },
  go: {
    definitions: [
      'class Cache 4-4 doc 3',
      'interface Getter 6-8 doc 6',
      'method Getter.Get 7-7 doc 7',
      'constant Limit 12-12 doc 12',
      'variable defaultCache 14-14 doc 14',
      'function New 17-17 doc 16',
      'method Cache.Get 19-23 doc 19',
    ],
    references: [
      '14 call New in 4',
      '17 call Cache in 5',
      '21 call load in 6',
      '21 call member Set in 6',
      '4 reference values in 0',
      '4 type string in 0',
      '4 type Value in 0',
      '7 reference key in 2',
      '7 type string in 2',
      '7 type Value in 2',
      '7 type bool in 2',
      '10 type Key in -1',
      '10 type string in -1',
      '17 reference values in 5',
      '17 type string in 5',
      '17 type Value in 5',
      '19 type Cache in 6',
      '19 reference key in 6',
      '19 type string in 6',
      '19 type Value in 6',
      '19 type bool in 6',
      '20 reference value in 6',
      '20 reference ok in 6',
      '20 reference values in 6',
      '20 reference key in 6',
      '21 reference ok in 6',
      '21 reference value in 6',
      '21 reference key in 6',
      '22 reference value in 6',
      '22 reference ok in 6',
    ],
  },
};

describe('extractSymbols', () => {
  it.each(Object.keys(sources))(
    'finds in %s what the three passes found, in their order',
    async (language) => {
      const grammar = await grammarFor(language);
      if (!grammar) throw new Error(`no grammar for ${language}`);
      const symbols = extractSymbols(grammar, sources[language] as string);
      expect({
        definitions: symbols.definitions.map(
          (definition) =>
            `${definition.kind} ${definition.qualifiedName} ${definition.startLine}-${definition.endLine} doc ${definition.docStartLine}${definition.local ? ' local' : ''}`,
        ),
        references: symbols.references.map(
          (reference) =>
            `${reference.line} ${reference.kind}${reference.member ? ' member' : ''} ${reference.name} in ${reference.enclosing}`,
        ),
      }).toEqual(expected[language]);
    },
  );
});

/** What `extractSymbols` finds in `text` of `language`. */
async function symbolsOf(language: string, text: string) {
  const grammar = await grammarFor(language);
  if (!grammar) throw new Error(`no grammar for ${language}`);
  return extractSymbols(grammar, text);
}

describe('extractSymbols on declarations of several names', () => {
  it('records each name on its own, owned by none of the others', async () => {
    const names = async (language: string, text: string) =>
      (await symbolsOf(language, text)).definitions.map(
        (definition) =>
          `${definition.kind} ${definition.qualifiedName} ${definition.startLine}-${definition.endLine}`,
      );
    expect(
      await names(
        'typescript',
        'export const A = 1, B = { f() { return 2; } };\nclass P {} class Q { m() {} }\n',
      ),
    ).toEqual([
      'constant A 1-1',
      'constant B 1-1',
      'method B.f 1-1',
      'class P 2-2',
      'class Q 2-2',
      'method Q.m 2-2',
    ]);
    expect(
      await names('go', 'package x\n\nconst (\n\tA = 1\n\tB = 2\n)\n\nvar (\n\tc = 1\n\td, e = 2, 3\n)\n'),
    ).toEqual(['constant A 4-4', 'constant B 5-5', 'variable c 9-9', 'variable d 10-10', 'variable e 10-10']);
  });
});

describe('extractSymbols on CommonJS imports', () => {
  it('stores a required name, through an interop helper too, as a reference of the file that requires it, not as its definition', async () => {
    const symbols = await symbolsOf(
      'javascript',
      [
        'const ConstDependency = require("./dependencies/ConstDependency");',
        'var Template = require("./Template").Template;',
        'var _Button = _interopRequireDefault(require("./Button"));',
        'const path = tslib_1.__importStar(require("path"));',
        'const required = requireAll(modules);',
        'const LIMIT = 10;',
        'class DefinePlugin { apply() { return new ConstDependency(LIMIT); } }',
        'module.exports = DefinePlugin;',
      ].join('\n'),
    );
    expect(symbols.definitions.map((definition) => `${definition.kind} ${definition.qualifiedName}`)).toEqual(
      ['constant required', 'constant LIMIT', 'class DefinePlugin', 'method DefinePlugin.apply'],
    );
    const onLine = (line: number) =>
      symbols.references
        .filter((reference) => reference.line === line)
        .map((reference) => `${reference.kind} ${reference.name}`);
    expect(onLine(1)).toEqual(['call require', 'reference ConstDependency']);
    expect(onLine(2)).toEqual(['call require', 'reference Template']);
    expect(onLine(3)).toEqual(['call _interopRequireDefault', 'call require', 'reference _Button']);
  });
});

describe('extractSymbols on Python annotations', () => {
  it('stores the names of an annotation as types, as the other languages store theirs', async () => {
    const symbols = await symbolsOf(
      'python',
      'def load(key: Key, keys: List[Key], default: models.Value = None) -> typing.Dict[str, Value]:\n    found: Cache = None\n    return found\n',
    );
    const kinds = (line: number) =>
      symbols.references
        .filter((reference) => reference.line === line)
        .map((reference) => `${reference.kind} ${reference.name}`);
    expect(kinds(1)).toEqual([
      'reference key',
      'type Key',
      'reference keys',
      'type List',
      'reference default',
      'reference models',
      'type Value',
      'reference typing',
      'type Dict',
      'type str',
    ]);
    expect(kinds(2)).toEqual(['reference found', 'type Cache']);
  });
});

describe('sharedSymbolsPool', () => {
  it('gives each file, parsed in a worker thread, the symbols this thread finds', async () => {
    const pool = sharedSymbolsPool();
    const encoder = new TextEncoder();
    // Sent all at once, as the indexer sends the files it reads ahead: each answer is its own file's.
    const requests = Object.entries(sources).map(([grammar, text]) => ({
      grammar,
      bytes: encoder.encode(text),
    }));
    const inWorker = await Promise.all(requests.map((request) => pool.extract(request)));
    const here = await Promise.all(requests.map((request) => symbolsHere(request)));
    expect(inWorker).toEqual(here);
    expect(inWorker.map((symbols) => symbols.definitions.length)).toEqual(
      Object.values(expected).map((symbols) => symbols.definitions.length),
    );
  });

  it('gives a file with a syntax error the symbols of the parts that parse', async () => {
    const bytes = new TextEncoder().encode('export function kept() {}\nfunction broken( {\n');
    const symbols = await sharedSymbolsPool().extract({ grammar: 'typescript', bytes });
    expect(symbols.definitions.map((definition) => definition.name)).toContain('kept');
  });
});
