import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Reference } from '../../../src/contract/index.js';
import { COMPUTE_RUN_PROGRAM } from '../state/fixtures/index.js';
import { Citation } from './citation.js';

const render = (markup: string) => parseHTML(`<html><body>${markup}</body></html>`).document;

describe('a citation of a computation', () => {
  const reference: Reference = {
    url: 'compute:F3',
    title: 'Computation: percentage change of visits',
    quote: `${COMPUTE_RUN_PROGRAM}\n⇒ 25.0%`,
    verified: true,
    findingId: 'F3',
    computation: {
      language: 'javascript',
      program: COMPUTE_RUN_PROGRAM,
      inputs: ['F1', 'F2'],
      output: '25.0%',
    },
  };

  it('shows the program and output as code, names its inputs, and links nowhere', () => {
    const document = render(renderToStaticMarkup(<Citation number={1} reference={reference} />));
    expect(document.querySelector('[data-testid="citation-code"]')?.textContent).toContain('⇒ 25.0%');
    expect(document.body.textContent).toContain('computed from F1, F2');
    expect(document.body.textContent).toContain('run again with the same output');
    expect(document.querySelector('a')?.getAttribute('href')).toBeNull();
  });
});
