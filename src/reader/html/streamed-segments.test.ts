import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './extract.js';

const paragraphs = (sentences: string[]) => sentences.map((sentence) => `<p>${sentence}</p>`).join('');

/** What the server sends at once: the story's opening. */
const opening = paragraphs([
  'After three years of hearings, surveys and two public consultations, the harbour authority has approved the new breakwater.',
  'The structure will run four hundred metres from the lighthouse to the northern pier, closing the gap that storms have used for decades.',
  'Its cost, shared between the port, the region and a national fund for coastal towns, is put at forty million euros over five years.',
  'Residents who lost boats and sheds in the floods of the last two winters packed the hall for the vote and applauded the result.',
]);

/** What it streams later: the rest of the story. */
const story = paragraphs([
  'The harbour authority approved the new breakwater after three years of hearings and surveys.',
  'Engineers expect the work to start in spring and to protect the old quay from winter storms.',
  'Fishermen welcomed the decision, though some worry about the noise during the busy season.',
  'The council will publish the timetable and the contractors chosen at its next public meeting.',
]);

const footerLinks = Array.from(
  { length: 30 },
  (_, index) => `<a href="/section/${index}">Section number ${index}</a>`,
).join(' ');

/** A page as React streams it: the story's place holds a template; the story follows, hidden, with its script. */
const streamedPage = `<html><head><title>Breakwater approved</title></head><body>
  <header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
  <main><h1>Breakwater approved</h1>${opening}<template id="P:3"></template>
    <aside><template id="B:1"></template><p>Loading…</p></aside></main>
  <footer>${footerLinks}</footer>
  <div hidden id="S:3"><article>${story}</article></div><script>$RS("S:3","P:3")</script>
  <div hidden id="S:1"><p>Tide tables</p></div><script>$RC("B:1","S:1")</script>
</body></html>`;

describe('placeStreamedSegments', () => {
  it('reads the story React streams into its placeholder, in its place', () => {
    const { text } = extractHtmlWithDetails(streamedPage, {
      url: 'https://example.com/news/breakwater',
    }).page;
    expect(text).toContain('Engineers expect the work to start in spring');
    expect(text).toContain('at its next public meeting');
    // In its place: after the opening the server sent first.
    expect(text.indexOf('Residents who lost boats')).toBeLessThan(text.indexOf('Engineers expect'));
  });

  it('is what turning it off loses: the hidden story is cleaned away', () => {
    const { text } = extractHtmlWithDetails(streamedPage, {
      url: 'https://example.com/news/breakwater',
      streamedSegments: false,
    }).page;
    expect(text).not.toContain('Engineers expect the work to start in spring');
  });

  it('leaves a hidden block with no placeholder to fill hidden', () => {
    const page = `<html><body><main>${opening}</main><div hidden id="S:9"><p>Never shown anywhere on the page.</p></div></body></html>`;
    const { text } = extractHtmlWithDetails(page, { url: 'https://example.com/a' }).page;
    expect(text).toContain('the harbour authority has approved');
    expect(text).not.toContain('Never shown anywhere');
  });
});
