import { isElement, isText, tagOf } from './dom.js';
import type { Element } from './tree/index.js';

/** The text of a `<pre>` as written, its `<br>`s as line breaks and no-break spaces as spaces. */
export function codeTextOf(element: Element): string {
  let result = '';
  for (let node = element.firstChild; node !== null; node = node.nextSibling) {
    if (isText(node)) result += node.data;
    else if (isElement(node)) result += tagOf(node) === 'br' ? '\n' : codeTextOf(node);
  }
  return result.replace(/\u00a0/g, ' ');
}

/** The language a `<pre>` or its `<code>` names in its classes or `data-lang`, lower-cased. */
export function codeLanguageOf(element: Element): string | undefined {
  const code = element.querySelector('code');
  const classes = `${element.getAttribute('class') ?? ''} ${code?.getAttribute('class') ?? ''} ${element.getAttribute('data-lang') ?? ''}`;
  const match = /(?:^|\s)(?:language-|lang-|highlight-source-|brush:\s*)([\w+#-]+)/i.exec(classes);
  return match?.[1]?.toLowerCase();
}
