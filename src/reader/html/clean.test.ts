import { describe, expect, it } from 'vitest';
import { removeBoilerplate } from './clean.js';
import { contentRootOf, parseDocument } from './parse.js';

const sentence = (topic: string) =>
  `The ${topic} was discussed at length, and everyone agreed that it needed more careful study before any decision.`;
const paragraphs = (topics: string[]) => topics.map((topic) => `<p>${sentence(topic)}</p>`).join('');

/** A page whose article holds `story` and a form with `formTopics`, beside a sidebar far longer than the form. */
function pageWithForm(story: string[], formTopics: string[]): string {
  const sidebar = paragraphs(Array.from({ length: 16 }, (_, index) => `sidebar note ${index}`));
  return `<html><body><main><article><h1>Title</h1>${paragraphs(story)}
    <form method="post"><label>Size <select><option>S</option></select></label><button>Send</button>${paragraphs(formTopics)}</form>
    </article></main><div class="sidebar-area">${sidebar}</div></body></html>`;
}

describe('removeBoilerplate on forms', () => {
  const cleaned = (html: string, storyForms: number | false) => {
    const root = contentRootOf(parseDocument(html));
    removeBoilerplate(root, { keepComments: false, storyForms });
    return root.textContent;
  };

  it('keeps a form holding most of its article, however small a share of the page', () => {
    const html = pageWithForm(['short intro'], ['blanket fleece', 'embroidery', 'two layers', 'washing']);
    expect(cleaned(html, 0.5)).toContain(sentence('embroidery'));
    expect(cleaned(html, false)).not.toContain(sentence('embroidery'));
  });

  it('drops a form holding less than that share of its article (a comment form after a story)', () => {
    const html = pageWithForm(
      ['river', 'bridge', 'mill', 'tea house', 'ferry'],
      ['comment policy', 'privacy notice', 'moderation'],
    );
    const text = cleaned(html, 0.5);
    expect(text).toContain(sentence('ferry'));
    expect(text).not.toContain(sentence('privacy notice'));
  });

  it('judges each of thousands of forms against its <main> as it stood, measured once', () => {
    const form = `<form method="post"><input name="q"><button>Send</button>${paragraphs(['form text', 'more form text', 'last form text'])}</form>`;
    const html = `<html><body><main>${form.repeat(3_000)}</main></body></html>`;
    // Measured afresh per form, the main's million characters would be read three thousand times,
    // and the last forms, holding most of what earlier removals left, would stay.
    expect(cleaned(html, 0.5)).toHaveLength(0);
  }, 60_000);
});
