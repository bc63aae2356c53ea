import { Parser } from 'htmlparser2';

/**
 * The names of the open elements, as htmlparser2 10 keeps them: innermost first, changed with
 * `unshift` and `shift`. On an array both move every element, so a page nesting `n` elements costs
 * `n²` (200,000 nested `<div>`s: minutes of CPU). This keeps them outermost first in an array
 * changed at its end (`push`, `pop`), with a count per name so a closing tag of an element that is
 * not open is told at once, and answers htmlparser2's reads (`[0]`, `[i]`, `length`, `indexOf`)
 * as the innermost-first array would.
 */
class OpenTags {
  private readonly names: string[] = [];
  private readonly counts = new Map<string, number>();

  get length(): number {
    return this.names.length;
  }

  set length(value: number) {
    // htmlparser2 only empties its stack (`reset`).
    if (value !== 0) throw new RangeError('The open-tag stack can only be emptied.');
    this.names.length = 0;
    this.counts.clear();
  }

  /** The name `index` places from the innermost. */
  at(index: number): string | undefined {
    return this.names[this.names.length - 1 - index];
  }

  unshift(name: string): number {
    this.names.push(name);
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    return this.names.length;
  }

  shift(): string | undefined {
    const name = this.names.pop();
    if (name !== undefined) this.counts.set(name, (this.counts.get(name) ?? 1) - 1);
    return name;
  }

  /** How many places from the innermost the nearest open `name` is; -1 when none is open. */
  indexOf(name: string): number {
    if (!this.counts.get(name)) return -1;
    for (let index = this.names.length - 1; index >= 0; index--)
      if (this.names[index] === name) return this.names.length - 1 - index;
    return -1;
  }
}

/** An `OpenTags` read as an array: `stack[i]` is `at(i)`. */
function asArray(tags: OpenTags): string[] {
  return new Proxy(tags, {
    get(target, property) {
      if (typeof property === 'string' && /^\d+$/.test(property)) return target.at(Number(property));
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, property, value) {
      return Reflect.set(target, property, value, target);
    },
  }) as unknown as string[];
}

/** The open-tag stack of a parser, which htmlparser2 does not export. */
type WithStack = { stack: string[] };

/**
 * Whether this htmlparser2 keeps its open tags innermost first in an array, as version 10 does: a
 * later version may keep them otherwise (an open change makes it `push`/`pop`, linear already), and
 * then its stack is left as it is.
 */
const keepsInnermostFirst: boolean = (() => {
  const probe = new Parser({});
  probe.write('<a><b>');
  const { stack } = probe as unknown as Partial<WithStack>;
  return Array.isArray(stack) && stack.length === 2 && stack[0] === 'b' && stack[1] === 'a';
})();

/** Stacks already linear (`makeOpenTagsLinear` was called before). */
const linearStacks = new WeakSet<object>();

/**
 * Gives a parser an open-tag stack whose changes cost the same at any depth (see `OpenTags`),
 * holding the tags open now. An array is faster on shallow pages (no proxy between), so the page
 * tree calls this only once a page nests deep.
 */
export function makeOpenTagsLinear(parser: Parser): void {
  if (!keepsInnermostFirst) return;
  const withStack = parser as unknown as WithStack;
  const current = withStack.stack;
  if (!Array.isArray(current) || linearStacks.has(current)) return;
  const tags = new OpenTags();
  for (let index = current.length - 1; index >= 0; index--) tags.unshift(current[index] as string);
  const linear = asArray(tags);
  linearStacks.add(linear);
  withStack.stack = linear;
}
