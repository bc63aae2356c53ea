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

  it("resolves a saved page's links against its canonical URL, after <base href>", () => {
    const head = '<link rel="canonical" href="https://en.wikipedia.org/wiki/Open-source_software">';
    const saved = extractHtml(
      `<html><head>${head}</head><body><article>${filler}<p>See <a href="/wiki/Linux">Linux</a> and <img src="/logo.png" alt="logo">.</p></article></body></html>`,
      { url: 'file:///home/me/Open-source_software.html' },
    );
    expect(saved.markdown).toContain('[Linux](https://en.wikipedia.org/wiki/Linux)');
    expect(saved.markdown).toContain('![logo](https://en.wikipedia.org/logo.png)');
    const withOgUrl = extractHtml(
      `<html><head><meta property="og:url" content="https://news.example.com/2024/story"></head><body><article>${filler}<p>Read <a href="next">the next one</a>.</p></article></body></html>`,
      { url: 'file:///tmp/story.html' },
    );
    expect(withOgUrl.markdown).toContain('[the next one](https://news.example.com/2024/next)');
    // A page read from the web resolves against its own address, as a browser does.
    const live = extractHtml(
      `<html><head>${head}</head><body><article>${filler}<p>See <a href="x">X</a>.</p></article></body></html>`,
      { url: 'https://mirror.example.org/a/page' },
    );
    expect(live.markdown).toContain('[X](https://mirror.example.org/a/x)');
  });

  it('escapes block markup at a line start the CommonMark way, and only there', () => {
    const markdown = markdownOf(
      '<p>21. Jan 2022 was cold.</p><p>3) Three</p><p>- not a bullet</p><p>* nor this</p><p># nor a heading</p><p>&gt; nor a quote</p><p>#hashtag and 5.5 stay; a - b * c</p>',
    );
    expect(markdown).toContain('21\\. Jan 2022 was cold.');
    expect(markdown).not.toContain('\\21');
    expect(markdown).toContain('3\\) Three');
    expect(markdown).toContain('\\- not a bullet');
    expect(markdown).toContain('\\* nor this');
    expect(markdown).toContain('\\# nor a heading');
    expect(markdown).toContain('\\> nor a quote');
    expect(markdown).toContain('#hashtag and 5.5 stay; a - b * c');
  });

  it('keeps the spaces around links and emphasis, and leaves no empty link behind', () => {
    const markdown = markdownOf(
      '<p>See <a href="/a">the docs </a>after that, <strong>bold </strong>then, and <b><a href="/b"> </a></b>nothing.</p>',
    );
    expect(markdown).toContain(
      'See [the docs](https://docs.example.com/a) after that, **bold** then, and nothing.',
    );
    expect(markdown).not.toContain('[]');
    expect(markdown).not.toContain('****');
  });

  it("removes a wiki's [edit] links from headings", () => {
    const markdown = markdownOf(
      '<h2>History<span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a href="/w/index.php?title=X&amp;action=edit&amp;section=1">edit</a><span class="mw-editsection-bracket">]</span></span></h2><p>It began in 1998, when the term was coined, and spread quickly.</p><h2>Use <small>[<a href="/w/index.php?title=X&amp;action=edit&amp;section=2">edit</a>]</small></h2><p>It is used everywhere now, by companies, governments and people.</p>',
    );
    expect(markdown).toContain('## History\n');
    expect(markdown).toContain('## Use\n');
    expect(markdown).not.toContain('edit');
    expect(markdown).not.toContain('[]');
  });
});
