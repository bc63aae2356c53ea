import { describe, expect, it } from 'vitest';
import { extractHtml } from './index.js';

const filler =
  '<p>This paragraph gives the article enough prose to be chosen as the main content, with commas, clauses, and detail.</p>';

function markdownOf(body: string, url = 'https://docs.example.com/guide/page.html'): string {
  return extractHtml(
    `<html><head><title>T</title></head><body><article>${filler}${body}${filler}</article></body></html>`,
    {
      url,
    },
  ).markdown;
}

describe('extractHtml markdown', () => {
  it('writes headings, emphasis, inline code and absolute links', () => {
    const markdown = markdownOf(
      '<h2>Install</h2><p>Run <code>npm i</code> as <strong>root</strong> or <em>not</em>; see <a href="../faq.html#x">the FAQ</a>.</p>',
    );
    expect(markdown).toContain('## Install');
    expect(markdown).toContain(
      'Run `npm i` as **root** or *not*; see [the FAQ](https://docs.example.com/faq.html#x).',
    );
  });

  it('resolves links against <base href>', () => {
    const page = extractHtml(
      `<html><head><base href="https://cdn.example.org/root/"></head><body><article>${filler}<p>Read <a href="notes/a.html">the notes</a>.</p></article></body></html>`,
      { url: 'https://example.com/page' },
    );
    expect(page.markdown).toContain('[the notes](https://cdn.example.org/root/notes/a.html)');
  });

  it('writes GFM tables', () => {
    const markdown = markdownOf(
      '<table><thead><tr><th>Model</th><th>Price</th></tr></thead><tbody><tr><td>A | B</td><td>$10</td></tr><tr><td>C</td><td>$12</td></tr></tbody></table>',
    );
    expect(markdown).toContain('| Model | Price |\n| --- | --- |\n| A \\| B | $10 |\n| C | $12 |');
  });

  it('nests lists and numbers ordered lists from their start', () => {
    const markdown = markdownOf(
      '<ol start="3"><li>Three<ul><li>inner one</li><li>inner two</li></ul></li><li>Four</li></ol>',
    );
    expect(markdown).toContain('3. Three\n   - inner one\n   - inner two\n4. Four');
  });

  it('fences code blocks with the language from the class and keeps indentation', () => {
    const markdown = markdownOf('<pre><code class="language-python">def f():\n    return 1\n</code></pre>');
    expect(markdown).toContain('```python\ndef f():\n    return 1\n```');
  });

  it('quotes blockquotes and writes images with absolute URLs', () => {
    const markdown = markdownOf(
      '<blockquote><p>To be or not to be.</p></blockquote><p><img src="/img/a.png" alt="A chart"> Caption.</p>',
    );
    expect(markdown).toContain('> To be or not to be.');
    expect(markdown).toContain('![A chart](https://docs.example.com/img/a.png)');
  });
});
