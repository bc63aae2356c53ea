import { describe, expect, it } from 'vitest';
import { extractHtml } from './index.js';

const url = 'https://news.example.com/2024/05/story';

describe('extractHtml metadata', () => {
  it('reads Open Graph, article and html attributes', () => {
    const page = extractHtml(
      `<html lang="de-DE"><head><title>Ignored | News</title>
        <meta property="og:title" content="Flood waters recede in the valley">
        <meta property="og:site_name" content="Valley News">
        <meta name="author" content="Jane Roe">
        <meta property="article:published_time" content="2024-05-02T08:30:00+02:00">
      </head><body><article><p>Flood waters receded on Thursday, officials said, after a week of rain.</p></article></body></html>`,
      { url },
    );
    expect(page.title).toBe('Flood waters recede in the valley');
    expect(page.siteName).toBe('Valley News');
    expect(page.byline).toBe('Jane Roe');
    expect(page.publishedAt).toBe('2024-05-02T06:30:00.000Z');
    expect(page.lang).toBe('de-DE');
  });

  it('reads JSON-LD headline, authors, date and publisher', () => {
    const jsonLd = {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'NewsArticle',
          headline: 'Council approves the new bridge',
          author: [
            { '@type': 'Person', name: 'Ann Lee' },
            { '@type': 'Person', name: 'Bo Chen' },
          ],
          datePublished: '2023-11-05',
          publisher: { '@type': 'Organization', name: 'City Herald' },
        },
      ],
    };
    const page = extractHtml(
      `<html><head><script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
       <body><p>The council approved the bridge on Monday, after a long debate about its cost.</p></body></html>`,
      { url },
    );
    expect(page.title).toBe('Council approves the new bridge');
    expect(page.byline).toBe('Ann Lee, Bo Chen');
    expect(page.publishedAt).toBe('2023-11-05T00:00:00.000Z');
    expect(page.siteName).toBe('City Herald');
  });

  it('cleans the site name from <title> and falls back to <time datetime> and .byline', () => {
    const page = extractHtml(
      `<html><head><title>Why the tide turns - Ocean Blog</title><meta property="og:site_name" content="Ocean Blog"></head>
       <body><article><h1>Why the tide turns</h1><p class="byline">By Sam Ocean</p><time datetime="2022-03-04T10:00:00Z">March 4</time>
       <p>Tides follow the moon, and the sun plays a smaller part in their timing.</p></article></body></html>`,
      { url },
    );
    expect(page.title).toBe('Why the tide turns');
    expect(page.byline).toBe('Sam Ocean');
    expect(page.publishedAt).toBe('2022-03-04T10:00:00.000Z');
  });

  it('reads space-separated meta properties, prefers property over name and spells dc.title as dc:title', () => {
    const title = (head: string) =>
      extractHtml(`<html><head><title>Title element</title>${head}</head><body><p>Body.</p></body></html>`, {
        url,
      }).title;
    expect(
      title(
        '<meta property="x:title dc:title" content="Preferred title"><meta property="og:title twitter:title" content="Other">',
      ),
    ).toBe('Preferred title');
    expect(
      title('<meta name="DC.title" content="Name title"><meta property="dc:title" content="Property title">'),
    ).toBe('Property title');
    expect(title('<meta name="DC.title" content="Dublin Core title">')).toBe('Dublin Core title');
  });

  it('reads JSON-LD wrapped in CDATA and never takes the publisher name for the headline', () => {
    const jsonLd = (body: object) =>
      `<script type="application/ld+json"><![CDATA[ ${JSON.stringify(body)} ]]></script>`;
    const withCdata = extractHtml(
      `<html><head><title>Cards - Site</title>${jsonLd({ '@type': 'NewsArticle', headline: 'The deck of cards that went global' })}</head><body><p>Body.</p></body></html>`,
      { url },
    );
    expect(withCdata.title).toBe('The deck of cards that went global');
    const publisherAsName = extractHtml(
      `<html><head><title>West Ham threatens the giants | Daily Sport</title>
        ${jsonLd({ '@type': 'NewsArticle', name: 'Daily Sport', publisher: { '@type': 'Organization', name: 'Daily Sport' } })}
        <meta property="og:title" content="West Ham threatens the giants"></head><body><p>Body.</p></body></html>`,
      { url },
    );
    expect(publisherAsName.title).toBe('West Ham threatens the giants');
  });

  it('drops only the last part of a <title> with several separators, or the first when that leaves too little', () => {
    const title = (text: string) =>
      extractHtml(`<html><head><title>${text}</title></head><body><p>Body.</p></body></html>`, { url }).title;
    expect(title('Conversations with a Cryptid - Chapter 1 - Fandom | Archive')).toBe(
      'Conversations with a Cryptid - Chapter 1 - Fandom',
    );
    expect(title('Example News | How the river changed its course')).toBe('How the river changed its course');
    expect(title('Short | Title')).toBe('Short | Title');
  });

  it('keeps only the name of a byline that runs into its date, time or handle', () => {
    const byline = (html: string) =>
      extractHtml(`<html><body><article>${html}<p>Body text of the story.</p></article></body></html>`, {
        url,
      }).byline;
    expect(byline('<p class="byline">By Dan Goodin - Apr 16, 2015 8:02 pm UTC</p>')).toBe('Dan Goodin');
    expect(byline('<div class="author">Steven Musil January 18, 2017 11:00 PM PST @stevenmusil</div>')).toBe(
      'Steven Musil',
    );
    expect(byline('<span class="byline">Lucas Nolan22 Dec 2016</span>')).toBe('Lucas Nolan');
    expect(byline('<span class="byline">por César Salza</span>')).toBe('César Salza');
    expect(byline('<span class="byline">James Akinaka • 8h</span>')).toBe('James Akinaka');
  });

  it('survives malformed JSON-LD and missing head', () => {
    const page = extractHtml(
      '<script type="application/ld+json">{ broken</script><h1>Plain heading</h1><p>Body.</p>',
      { url },
    );
    expect(page.title).toBe('Plain heading');
  });

  it("reads the story's byline, not a commenter's ahead of it, an empty author link or an avatar's initial", () => {
    const story = `<article><h1>Harbour dredging starts</h1>
      <p>The dredgers arrived on Monday and will work through the winter, the port authority said.</p></article>`;
    const page = extractHtml(
      `<html><head><link rel="author" href="/team"></head><body>
        <ol class="commentlist"><li class="comment"><span class="author">Chris Anamani</span><p>Great news.</p></li></ol>
        <div class="byline"><span class="avatar">J</span></div>
        <div class="post-meta"><span class="byline">by <span class="author">Ann Lee</span> · May 2, 2024</span></div>
        ${story}</body></html>`,
      { url },
    );
    expect(page.byline).toBe('Ann Lee');
    const dated = extractHtml(
      `<html><body><span class="byline">8. November 2021</span><span class="byline">By</span><p class="byline">6 de mayo de 2022 05:30</p>${story}</body></html>`,
      { url },
    );
    expect(dated.byline).toBeUndefined();
    // A handle runs its digits on: it is a name.
    const handle = extractHtml(`<html><body><a class="author">LingoLover94</a>${story}</body></html>`, {
      url,
    });
    expect(handle.byline).toBe('LingoLover94');
  });

  it("reads the name past a byline's label, after a label standing alone, and in an author mark among other words", () => {
    const story = `<article><h1>Harbour dredging starts</h1>
      <p>The dredgers arrived on Monday and will work through the winter, the port authority said.</p></article>`;
    const byline = (marks: string, head = '') =>
      extractHtml(`<html><head>${head}</head><body>${marks}${story}</body></html>`, { url }).byline;
    expect(byline('<p class="byline">Written by: Charnele Henry</p>')).toBe('Charnele Henry');
    expect(byline('<p class="byline">Autor: Jana Dvořák</p>')).toBe('Jana Dvořák');
    // WordPress's author block writes the label and the name as two paragraphs.
    expect(
      byline(`<div class="wp-block-post-author__content"><p class="wp-block-post-author__byline">Posted by:</p>
        <p class="wp-block-post-author__name">Idle Cartulary</p></div>`),
    ).toBe('Idle Cartulary');
    // An opener alone, colon or not, is a label, never the name.
    expect(
      byline(`<div class="wp-block-post-author__content"><p class="wp-block-post-author__byline">Written by</p>
        <p class="wp-block-post-author__name"><a href="/author/jc">Jordanna Campbell</a></p></div>`),
    ).toBe('Jordanna Campbell');
    expect(
      byline('<div class="p-author author">Written By <a class="blog-author-name" href="/a"></a></div>'),
    ).toBeUndefined();
    // Without a colon the word before "von" may be the name's own.
    expect(byline('<p class="byline">Ursula von der Leyen</p>')).toBe('Ursula von der Leyen');
    // The date's "at" or "am" is not part of the name; a weekday and a time alone are no byline.
    expect(byline('<span class="author">Günter Kienitz at 18:52</span>')).toBe('Günter Kienitz');
    expect(byline('<div class="byline">Sat, 20 Dec, 2025 - 06:36</div>')).toBeUndefined();
    // `itemprop` holds a list of words; a Person's name inside is the byline.
    expect(
      byline(`<p itemprop="author creator" itemscope itemtype="http://schema.org/Person">By
        <span itemprop="name">Corey Kilgannon</span></p>`),
    ).toBe('Corey Kilgannon');
    // A meta author that is a profile's number names no one: the page's mark does.
    expect(
      byline(
        '<span class="author">hackermondev</span>',
        '<meta property="article:author" content="262588213843476">',
      ),
    ).toBe('hackermondev');
  });

  it("takes a schema.org Person's name over the profile link and reputation its author mark holds", () => {
    const page = extractHtml(
      `<html><body><div class="question"><p>How do I read a file line by line without loading all of it?</p>
        <div class="user-details" itemprop="author" itemscope itemtype="http://schema.org/Person">
          <a href="/users/29/vader" itemprop="url">Vader</a><meta itemprop="name" content="Vader"/>
          <div class="-flair"><span class="reputation-score">6,796</span><span>8 gold badges</span></div>
        </div></div></body></html>`,
      { url },
    );
    expect(page.byline).toBe('Vader');
  });

  it('stops looking for a byline after fifty author marks (a hostile page of thousands)', () => {
    const marks = '<span class="author"></span>'.repeat(5_000);
    const page = extractHtml(
      `<html><body>${marks}<span class="author">Ann Lee</span><article><p>The dredgers arrived on Monday and will work
      through the winter, the port authority said.</p></article></body></html>`,
      { url },
    );
    expect(page.byline).toBeUndefined();
  });

  it('decodes the character references a CMS leaves in JSON-LD and in meta tags escaped twice', () => {
    const jsonLd = {
      '@type': 'BlogPosting',
      headline: 'How to Create &#038; Market Tour Packages',
      author: { '@type': 'Person', name: 'Zo&euml; Adams' },
      publisher: { '@type': 'Organization', name: 'Bear&#39;s Guides' },
    };
    const page = extractHtml(
      `<html><head><title>SF&amp;#x27;s movers</title>
        <meta name="description" content="F&amp;uuml;r Leser: Tipps &amp;amp; Tricks">
        <script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
      </head><body><article><p>Tour packages sell best when each day has one clear highlight, a
      price that includes the transfers, and a photo of the place rather than of the hotel.</p></article></body></html>`,
      { url },
    );
    expect(page.title).toBe('How to Create & Market Tour Packages');
    expect(page.byline).toBe('Zoë Adams');
    expect(page.siteName).toBe("Bear's Guides");
    // A text-less page shows its description, decoded as its title is.
    const bare = extractHtml(
      `<html><head><title>SF&amp;#x27;s movers</title>
        <meta name="description" content="F&amp;uuml;r Leser: Tipps &amp;amp; Tricks"></head><body></body></html>`,
      { url },
    );
    expect(bare.title).toBe("SF's movers");
    expect(bare.text).toBe('Für Leser: Tipps & Tricks');
  });

  it('leaves an ampersand that starts no reference as written', () => {
    const page = extractHtml(
      `<html><head><meta property="og:title" content="AT&amp;T and R&amp;D: ?a=1&amp;b=2 &amp;copy2024"></head>
      <body><article><p>Phone companies spent more on research this year than in any of the ten before it.</p></article></body></html>`,
      { url },
    );
    expect(page.title).toBe('AT&T and R&D: ?a=1&b=2 &copy2024');
  });

  it('decodes a hostile description of a hundred thousand references whole', () => {
    const description = '&amp;eacute;'.repeat(100_000);
    const page = extractHtml(
      `<html><head><meta name="description" content="${description}"></head><body></body></html>`,
      {
        url,
      },
    );
    expect(page.text).toBe('é'.repeat(100_000));
  });
});
