import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import type { ResearchResult } from '../contract/index.js';
import { docxText, readPdf } from '../testing/document-text.js';
import { renderReport } from './render.js';
import { reportMarkdown } from './report.js';
import { reportHtml } from './report-html.js';

function result(answer: string, overrides: Partial<ResearchResult> = {}): ResearchResult {
  return {
    runId: 'r1',
    question: 'Q',
    status: 'completed',
    stopReason: 'evaluation_passed',
    answer,
    references: [
      { url: 'https://example.org/a', title: 'Page <A>', quote: 'It was built in 1889.', verified: true },
      { url: 'https://example.org/b', title: '', quote: '<script>alert(2)</script>', verified: false },
    ],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: null },
    llmCalls: 0,
    steps: 0,
    durationMs: 0,
    claims: { total: 0, supported: 0, unsupported: [] },
    words: 0,
    ...overrides,
  };
}

const page = (html: string) => parseHTML(html).document;

/** Every way a model's answer could try to run code or load something in the exported page. */
const HOSTILE_ANSWER = [
  'Built in 1889 [1][2], painted [1, 2]. <script>alert(1)</script>',
  '',
  '<img src=x onerror=alert(1)>',
  '',
  '[x](javascript:alert(1)) [d](data:text/html,<script>alert(1)</script>) <javascript:alert(1)>',
  '![p](https://evil.example/p.png)',
  '',
  '| Year | Event |',
  '|------|-------|',
  '| 1889 | opened |',
  '',
  '1. first',
  '   - nested',
].join('\n');

describe('reportHtml', () => {
  it('renders a hostile answer inert: no script, image, handler or javascript:/data: link', () => {
    const html = reportHtml('When? <script>alert(3)</script>', result(HOSTILE_ANSWER));
    const document = page(html);
    expect(document.querySelectorAll('body script, img, [onerror], [src]').length).toBe(0);
    for (const link of document.querySelectorAll('a'))
      expect(link.getAttribute('href')).toMatch(/^(https:\/\/|#reference-\d$)/);
    expect(document.querySelector('h1')?.textContent).toBe('When? <script>alert(3)</script>');
    expect(document.body.textContent).toContain('[x](javascript:alert(1))');
    // Should anything slip through, the page forbids scripts itself.
    expect(
      document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
    ).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('renders tables and nested lists from the answer', () => {
    const document = page(reportHtml('Q', result(HOSTILE_ANSWER)));
    expect(document.querySelector('table td')?.textContent).toBe('1889');
    expect(document.querySelector('ol > li > ul > li')?.textContent).toBe('nested');
  });

  it('links each citation marker to its numbered reference, which quotes its source', () => {
    const document = page(reportHtml('Q', result('Built [1], painted [2], unknown [3].')));
    const targets = [...document.querySelectorAll('a.citation')].map((link) => link.getAttribute('href'));
    expect(targets).toEqual(['#reference-1', '#reference-2']);
    expect(document.body.textContent).toContain('unknown [3]');
    const first = document.getElementById('reference-1');
    expect(first?.querySelector('a')?.getAttribute('href')).toBe('https://example.org/a');
    expect(first?.textContent).toContain('Page <A>');
    expect(first?.querySelector('blockquote')?.textContent).toBe('It was built in 1889.');
    const second = document.getElementById('reference-2');
    expect(second?.textContent).toContain('(quote not verified to support the claim)');
    expect(second?.querySelector('blockquote')?.textContent).toBe('<script>alert(2)</script>');
  });

  it('says when there is no answer and how a run that did not complete ended', () => {
    const document = page(reportHtml('Q', result('', { status: 'best_effort', stopReason: 'max_steps' })));
    expect(document.body.textContent).toContain('No answer could be produced.');
    expect(document.body.textContent).toContain('Status: best effort. The step limit was reached.');
  });
});

describe('reportMarkdown', () => {
  it('lists references with their quotes under the answer', () => {
    const markdown = reportMarkdown('Q\nmore', result('Built [1].'));
    expect(markdown).toContain('# Q\n\nBuilt [1].\n\n## References');
    expect(markdown).toContain('1. [Page <A>](https://example.org/a)\n   > It was built in 1889.');
    expect(markdown).toContain(
      '2. [https://example.org/b](https://example.org/b) _(quote not verified to support the claim)_',
    );
  });
});

describe('a report that lists its references itself', () => {
  const report = [
    '# Report: Q',
    '',
    '## Summary',
    '',
    'Built [1]. Painted [2].',
    '',
    '## References',
    '',
    '1. [Page A](https://example.org/a)',
    '   > It was built in 1889.',
    '2. [https://example.org/b](https://example.org/b) _(quote not verified to support the claim)_',
    '   > painted',
  ].join('\n');

  it('is exported with one list, in markdown and in HTML, whose items the citations link to', () => {
    const markdown = reportMarkdown('Q', result(report));
    expect(markdown.match(/## References/g)).toHaveLength(1);
    expect(markdown).toContain('## Summary');
    const document = page(reportHtml('Q', result(report)));
    const headings = [...document.querySelectorAll('h2')].map((heading) => heading.textContent);
    expect(headings.filter((heading) => heading === 'References')).toHaveLength(1);
    expect(headings).toContain('Summary');
    expect(document.querySelectorAll('ol li')).toHaveLength(2);
    expect(document.querySelector('a[href="#reference-2"]')).not.toBeNull();
    expect(document.querySelector('#reference-1 blockquote')?.textContent).toBe('It was built in 1889.');
  });
});

describe('the exported report and its claims', () => {
  it('lists where the sources differ, each value citing its reference, in markdown and in HTML', () => {
    const references = [
      {
        url: 'https://example.org/a',
        title: 'A',
        quote: 'It is 330 metres tall.',
        verified: true,
        findingId: 'F1',
      },
      {
        url: 'https://example.org/b',
        title: 'B',
        quote: 'It is 300 m tall.',
        verified: true,
        findingId: 'F2',
      },
    ];
    const conflicts = [
      {
        subQuestion: 'q1',
        about: 'It is … tall <b>',
        values: [
          { value: '330 metres', findingIds: ['F1'], urls: ['https://example.org/a'] },
          { value: '300 m', findingIds: ['F2'], urls: ['https://example.org/b'] },
        ],
      },
    ];
    const differing = result('Sources differ: 330 metres [1], 300 m [2].', { references, conflicts });
    expect(reportMarkdown('Q', differing)).toContain(
      '_Sources differ:_\n\n- It is … tall <b>: 330 metres [1], 300 m [2]',
    );
    const document = page(reportHtml('Q', differing));
    const item = [...document.querySelectorAll('li')].find((li) => li.textContent.includes('It is … tall'));
    expect(item?.textContent).toContain('It is … tall <b>: 330 metres [1], 300 m [2]');
    expect([...(item?.querySelectorAll('a') ?? [])].map((link) => link.getAttribute('href'))).toEqual([
      '#reference-1',
      '#reference-2',
    ]);
    expect(document.querySelectorAll('li b').length).toBe(0);
    expect(reportMarkdown('Q', result('It is tall.'))).not.toContain('Sources differ');
  });

  it('shows the support rate of the answer and lists the unsupported claims', () => {
    const result = {
      status: 'completed',
      stopReason: 'evaluation_passed',
      answer: 'It is 330 m tall [1]. It is red.',
      references: [{ url: 'https://a.example/', title: 'A', quote: 'It is 330 m tall.', verified: true }],
      claims: { total: 2, supported: 1, unsupported: [{ text: 'It is red.', reason: 'cites nothing' }] },
    } as ResearchResult;
    const markdown = reportMarkdown('How tall?', result);
    expect(markdown).toContain('_1 of 2 claims supported by their quotes (50%)._');
    expect(markdown).toContain('- It is red. — _cites nothing_');
  });

  it('says nothing about claims for a run stored before they were checked', () => {
    const old = { status: 'completed', stopReason: 'evaluation_passed', answer: 'A.', references: [] };
    expect(reportMarkdown('Q', old as unknown as ResearchResult)).not.toContain('claims supported');
  });
});

describe('a computed reference', () => {
  const computed = result('Visits rose by 25.0% [1].', {
    references: [
      {
        url: 'compute:F3',
        title: 'Computation: percentage change',
        quote: 'return "<b>25.0%</b>";\n⇒ <b>25.0%</b>',
        verified: true,
        findingId: 'F3',
        computation: {
          language: 'javascript',
          program: 'return "<b>25.0%</b>";',
          inputs: ['F1', 'F2'],
          output: '<b>25.0%</b>',
        },
      },
    ],
  });

  it('shows its program as code and its output as text in the HTML export, never as markup or a link', () => {
    const document = page(reportHtml('Q', computed));
    const item = document.querySelector('#reference-1');
    expect(item?.querySelector('pre code')?.textContent).toBe('return "<b>25.0%</b>";');
    expect(item?.querySelector('p code')?.textContent).toBe('<b>25.0%</b>');
    expect(item?.querySelector('b')).toBeNull();
    expect(item?.querySelector('a')).toBeNull();
    expect(item?.textContent).toContain('computed from F1, F2');
  });

  it('names its inputs instead of linking in the markdown export', () => {
    const markdown = reportMarkdown('Q', computed);
    expect(markdown).toContain('1. Computation: percentage change (computed from F1, F2)\n   > return');
    expect(markdown).not.toContain('](compute:');
  });
});

describe('one renderer for the terminal and every export', () => {
  /** A run cancelled before any claim was checked, with a sub-question left open and one unanswerable. */
  const cancelled = result('Built in 1889 [1].', {
    status: 'cancelled',
    stopReason: 'cancelled',
    steps: 3,
    claims: {
      total: 1,
      supported: 0,
      unsupported: [],
      unchecked: [{ text: 'Built in 1889.', reason: 'the run was cancelled' }],
    },
    subQuestions: [
      { id: 'q1', text: 'When was it built?', intent: 'fact-check', outcome: 'covered' },
      { id: 'q2', text: 'Who paid for it?', intent: 'explore', outcome: 'open', note: 'no finding' },
      {
        id: 'q3',
        text: 'What did it cost in 2020?',
        intent: 'deep-dive',
        outcome: 'unanswerable',
        note: 'cannot be answered from available sources: no page gives a figure',
      },
    ],
    followUps: ['Who designed it?'],
  });
  const SAID = [
    'Built in 1889 [1].',
    '(not checked)',
    '1 claim not checked (the run was cancelled)',
    'Not settled by the sources:',
    'Who paid for it? — open: no finding',
    'What did it cost in 2020? — cannot be answered from available sources: no page gives a figure',
    'Who designed it?',
    'Status: cancelled.',
  ];
  const flat = (text: string) => text.replace(/[_*]/g, '').replace(/\s+/g, ' ');

  it('says the same in markdown, HTML, PDF and DOCX: marks, unsettled sub-questions, follow-ups, status', async () => {
    const markdown = flat(reportMarkdown('When was it built?', cancelled));
    const html = flat(page(reportHtml('When was it built?', cancelled)).body.textContent ?? '');
    const pdf = await renderReport({ format: 'pdf', question: 'When was it built?', result: cancelled });
    const docx = await renderReport({ format: 'docx', question: 'When was it built?', result: cancelled });
    const texts = {
      markdown,
      html,
      pdf: flat((await readPdf(pdf.body as Uint8Array)).text),
      docx: flat(docxText(docx.body as Uint8Array)),
    };
    for (const [format, text] of Object.entries(texts)) {
      for (const said of SAID) expect(text, `${format} says "${said}"`).toContain(said);
      expect(text, format).not.toContain('quote not verified');
      expect(text, format).not.toContain('When was it built? —');
      expect(text.indexOf('Who designed it?'), format).toBeGreaterThan(text.indexOf('Who paid for it?'));
    }
  }, 60_000);

  it('starts with the question as its title, the answer below it', () => {
    expect(reportMarkdown('When was it built?\nin detail', cancelled)).toMatch(
      /^# When was it built\?\n\nBuilt in 1889 \[1\]\./,
    );
  });

  it('says how a run ended without repeating its status: cancelled, best effort, failed', () => {
    expect(reportMarkdown('Q', cancelled)).toContain('_Status: cancelled._\n');
    expect(reportMarkdown('Q', cancelled)).not.toContain('(cancelled)');
    const stopped = result('A.', { status: 'best_effort', stopReason: 'max_steps' });
    expect(reportMarkdown('Q', stopped)).toContain('_Status: best effort. The step limit was reached._');
    const timedOut = result('', { status: 'cancelled', stopReason: 'input_timeout' });
    expect(reportMarkdown('Q', timedOut)).toContain(
      '_Status: cancelled. No answer came within the wait for input, so the run was cancelled._',
    );
    expect(reportMarkdown('Q', result('A.'))).not.toContain('Status');
  });

  it('does not list sub-questions as unsettled by the sources when no research step ran (model unreachable)', () => {
    const unreachable = result('', {
      status: 'failed',
      stopReason: 'model_unreachable',
      steps: 0,
      references: [],
      subQuestions: [{ id: 'q1', text: 'Q', intent: 'explore', outcome: 'open', note: 'no finding' }],
    });
    const markdown = reportMarkdown('Q', unreachable);
    expect(markdown).toBe(
      '# Q\n\n_No answer could be produced._\n\n_Status: failed. The model server could not be reached._\n',
    );
  });

  it('lists each unsupported claim with its reason under the support rate', () => {
    const checked = result('It is 330 m tall [1]. It is 500 m tall.', {
      claims: {
        total: 2,
        supported: 1,
        unsupported: [{ text: 'It is 500 m tall.', reason: 'The quotes do not say this.' }],
      },
    });
    expect(reportMarkdown('Q', checked)).toContain(
      '_1 of 2 claims supported by their quotes (50%)._\n\nNot supported:\n\n- It is 500 m tall. — _The quotes do not say this._',
    );
  });

  it('names the sources of a conflicting value no reference was made from', () => {
    const differing = result('It is tall [1].', {
      references: [
        {
          url: 'https://a.example/',
          title: 'A',
          quote: 'It is 330 m tall.',
          verified: true,
          findingId: 'F1',
        },
      ],
      conflicts: [
        {
          subQuestion: 'q1',
          about: 'It is … tall',
          values: [
            { value: '330 m', findingIds: ['F1'], urls: ['https://a.example/'] },
            { value: '300 m', findingIds: ['F7'], urls: ['https://b.example/'] },
          ],
        },
      ],
    });
    expect(reportMarkdown('Q', differing)).toContain(
      '_Sources differ:_\n\n- It is … tall: 330 m [1], 300 m (https://b.example/)',
    );
  });
});
