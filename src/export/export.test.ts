import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ResearchResult } from '../contract/index.js';
import { docxText, readPdf, zipEntry } from '../testing/document-text.js';
import { knownFileEndings, renderReport, reportFormatOfFile } from './index.js';

/** The Unicode font found on Debian; without it the PDF falls back to the built-in Helvetica. */
const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const HUGE = 'x'.repeat(60_000);

function result(overrides: Partial<ResearchResult> = {}): ResearchResult {
  return {
    runId: 'r1',
    question: 'How tall is the Eiffel Tower?',
    status: 'completed',
    stopReason: 'evaluation_passed',
    answer: [
      'The tower is **330 metres** tall [1], though one page says 300 m [2].',
      '',
      '| Part | Height |',
      '|:-----|-------:|',
      '| Top | 276 m [1] |',
      '',
      '- Wrought iron [3]',
      '- Painted every seven years, see [the site](https://www.toureiffel.paris/en)',
      '',
      '## Could not be verified',
      '',
      'Left out of the answer because their sources do not support them:',
      '',
      '- “It weighs 10,100 tonnes.” — the quote does not give 10,100',
    ].join('\n'),
    references: [
      {
        url: 'https://example.org/a',
        title: 'Tower facts',
        quote: 'The tower is 330 metres tall.',
        verified: true,
        findingId: 'F1',
      },
      {
        url: 'https://example.org/b',
        title: 'Old guide',
        quote: 'It stands 300 m high.',
        verified: false,
        findingId: 'F2',
      },
      {
        url: 'corpus://notes/iron.md',
        title: 'iron.md',
        quote: 'wrought iron\npuddled',
        verified: true,
        path: 'notes/iron.md',
        startLine: 3,
        endLine: 4,
      },
    ],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
    llmCalls: 0,
    steps: 0,
    durationMs: 0,
    claims: {
      total: 4,
      supported: 3,
      unsupported: [{ text: 'It weighs 10,100 tonnes.', reason: 'the quote does not give 10,100' }],
    },
    words: 30,
    conflicts: [
      {
        subQuestion: 'q1',
        about: 'The tower is … tall',
        values: [
          { value: '330 metres', findingIds: ['F1'], urls: ['https://example.org/a'] },
          { value: '300 m', findingIds: ['F2'], urls: ['https://example.org/b'] },
        ],
      },
    ],
    ...overrides,
  };
}

/** Titles and quotes a hostile page could give, and a model's answer that repeats them. */
function hostile(): ResearchResult {
  return result({
    answer: `Bell\u0007 and NUL\u0000 [1]. Reversed \u202Eevil\u202C text. שלום עולם [2]. مرحبا. Emoji 🚀🙂 [3]. <script>alert(1)</script> [9].\n\n${HUGE}`,
    references: [
      {
        url: 'javascript:alert(1)',
        title: 'Evil <b>title</b>\u0001\u001b[31m',
        quote: `A quote\u0000with controls ${HUGE}`,
        verified: true,
      },
      { url: 'https://example.org/he', title: 'עמוד בעברית', quote: 'ציטוט בעברית', verified: true },
      {
        url: 'https://example.org/emoji',
        title: '🚀 Rockets',
        quote: 'Lift-off 🚀\ud800 lone surrogate',
        verified: true,
      },
    ],
    conflicts: [],
    claims: { total: 0, supported: 0, unsupported: [] },
  });
}

const bytesOf = (body: string | Uint8Array) =>
  typeof body === 'string' ? new TextEncoder().encode(body) : body;
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('renderReport as PDF', () => {
  it('holds the answer, the references with their quotes, the conflicts, the support rate and the unverified list', async () => {
    const report = await renderReport({
      format: 'pdf',
      question: 'How tall is the Eiffel Tower?',
      result: result(),
    });
    expect(report.contentType).toBe('application/pdf');
    const pdf = await readPdf(bytesOf(report.body));
    const text = flat(pdf.text);
    expect(pdf.title).toBe('How tall is the Eiffel Tower?');
    expect(text).toContain('How tall is the Eiffel Tower?');
    expect(text).toContain('The tower is 330 metres tall [1], though one page says 300 m [2].');
    expect(text).toContain('Top');
    expect(text).toContain('276 m [1]');
    expect(text).toContain('Could not be verified');
    expect(text).toContain('It weighs 10,100 tonnes.');
    expect(text).toContain('Sources differ:');
    expect(text).toContain('The tower is … tall: 330 metres [1], 300 m [2]');
    expect(text).toContain('References');
    expect(text).toContain('Tower facts');
    expect(text).toContain('The tower is 330 metres tall.');
    expect(text).toContain('Old guide (quote not verified to support the claim)');
    expect(text).toContain('notes/iron.md:3-4');
    expect(text).toContain('3 of 4');
  });

  it('links each [n] to its reference and each page title to its address', async () => {
    const pdf = await readPdf(
      bytesOf((await renderReport({ format: 'pdf', question: 'Q', result: result() })).body),
    );
    expect(pdf.destinations.sort()).toEqual(['reference-1', 'reference-2', 'reference-3']);
    expect(new Set(pdf.jumps)).toEqual(new Set(['reference-1', 'reference-2', 'reference-3']));
    expect(pdf.urls).toContain('https://example.org/a');
    expect(pdf.urls).toContain('https://example.org/b');
    expect(pdf.urls).toContain('https://www.toureiffel.paris/en');
    expect(pdf.urls.some((url) => url.startsWith('corpus:'))).toBe(false);
  });

  it('prints hostile text as text: no control characters, no dead links, huge strings cut, other scripts kept', async () => {
    const report = await renderReport({
      format: 'pdf',
      question: 'Hostile\u0000 question',
      result: hostile(),
    });
    const pdf = await readPdf(bytesOf(report.body));
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is that none is left.
    expect(pdf.text).not.toMatch(/[\u0000-\u0008\u000b\u001b\u202e]/);
    expect(pdf.text).toContain('Evil <b>title</b>');
    expect(pdf.text).toContain('<script>alert(1)</script>');
    expect(pdf.text).toContain('[9]');
    // No glyph for an emoji: a visible ?, not an empty box; the lone surrogate is gone.
    expect(pdf.text).toContain('Lift-off ? lone surrogate');
    expect(pdf.urls).not.toContain('javascript:alert(1)');
    // Reference 9 does not exist, so [9] jumps nowhere.
    expect(pdf.jumps).not.toContain('reference-9');
    // The answer's own long text is kept; a page's quote is cut.
    expect(pdf.text.match(/x/g)?.length ?? 0).toBeGreaterThan(60_000);
    expect(pdf.text.match(/x/g)?.length ?? 0).toBeLessThan(64_000);
    expect(pdf.pages).toBeGreaterThan(1);
  });

  it.skipIf(!existsSync(DEJAVU))(
    'keeps Hebrew and Arabic letters with a Unicode font, and shows them as ? with the built-in one',
    async () => {
      const unicode = await readPdf(
        bytesOf((await renderReport({ format: 'pdf', question: 'Q', result: hostile() })).body),
      );
      // PDF.js gives right-to-left runs in visual order; the words are there either way.
      expect(unicode.text).toMatch(/שלום|םולש/);
      const standard = await readPdf(
        bytesOf(
          (
            await renderReport({
              format: 'pdf',
              question: 'Q',
              result: hostile(),
              pdf: { fonts: 'standard' },
            })
          ).body,
        ),
      );
      expect(standard.text).not.toMatch(/[\u0590-\u05ff]/);
      expect(standard.text).toContain('???? ????');
      expect(standard.text).toContain('Evil <b>title</b>');
    },
  );
});

describe('renderReport as DOCX', () => {
  it('holds the same document, with bookmarks for the references and hyperlinks to the pages', async () => {
    const report = await renderReport({
      format: 'docx',
      question: 'How tall is the Eiffel Tower?',
      result: result(),
    });
    expect(report.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const bytes = bytesOf(report.body);
    const text = flat(docxText(bytes));
    expect(text).toContain('How tall is the Eiffel Tower?');
    expect(text).toContain('The tower is 330 metres tall [1], though one page says 300 m [2].');
    expect(text).toContain('276 m [1]');
    expect(text).toContain('Could not be verified');
    expect(text).toContain('The tower is … tall: 330 metres [1], 300 m [2]');
    expect(text).toContain('Old guide (quote not verified to support the claim)');
    expect(text).toContain('The tower is 330 metres tall.');
    expect(text).toContain('3 of 4');
    const xml = zipEntry(bytes, 'word/document.xml');
    const bookmarks = [...xml.matchAll(/<w:bookmarkStart [^>]*w:name="([^"]+)"/g)].map((match) => match[1]);
    expect(bookmarks).toEqual(['reference_1', 'reference_2', 'reference_3']);
    const anchors = new Set(
      [...xml.matchAll(/<w:hyperlink [^>]*w:anchor="([^"]+)"/g)].map((match) => match[1]),
    );
    expect(anchors).toEqual(new Set(['reference_1', 'reference_2', 'reference_3']));
    const relations = zipEntry(bytes, 'word/_rels/document.xml.rels');
    expect(relations).toContain('Target="https://example.org/a" TargetMode="External"');
    expect(relations).toContain('Target="https://www.toureiffel.paris/en" TargetMode="External"');
  });

  it('stays well-formed XML with hostile text, marks right-to-left paragraphs and makes no javascript: link', async () => {
    const bytes = bytesOf(
      (await renderReport({ format: 'docx', question: 'Hostile\u0000 question', result: hostile() })).body,
    );
    const xml = zipEntry(bytes, 'word/document.xml');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 refuses these; Word would not open the file.
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\u202e]/);
    expect(xml).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(xml).toContain('<w:bidi/>');
    expect(zipEntry(bytes, 'word/_rels/document.xml.rels')).not.toContain('javascript:');
    const text = docxText(bytes);
    expect(text).toContain('שלום עולם');
    expect(text).toContain('🚀 Rockets');
    expect(text.match(/x/g)?.length ?? 0).toBeLessThan(64_000);
  });
});

describe('an answer of 20,000 `*` on each side', () => {
  it('exports as PDF and as DOCX, the text inside the stars kept', async () => {
    const stars = result({ answer: `${'*'.repeat(20_000)}deep text${'*'.repeat(20_000)}` });
    const pdf = await readPdf(
      bytesOf((await renderReport({ format: 'pdf', question: 'Q', result: stars })).body),
    );
    expect(pdf.text).toContain('deep text');
    const docx = docxText(
      bytesOf((await renderReport({ format: 'docx', question: 'Q', result: stars })).body),
    );
    expect(docx).toContain('deep text');
  }, 60_000);
});

describe('reportFormatOfFile', () => {
  it('reads the format from the ending, case-insensitively, and knows no other', () => {
    expect(reportFormatOfFile('out/Report.PDF')).toBe('pdf');
    expect(reportFormatOfFile('report.docx')).toBe('docx');
    expect(reportFormatOfFile('a.md')).toBe('markdown');
    expect(reportFormatOfFile('a.htm')).toBe('html');
    expect(reportFormatOfFile('a.odt')).toBeUndefined();
    expect(knownFileEndings()).toEqual(['.md', '.markdown', '.html', '.htm', '.pdf', '.docx']);
  });
});
