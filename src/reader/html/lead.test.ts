import { describe, expect, it } from 'vitest';
import { leadOf, withLead } from './lead.js';
import { contentRootOf, parseDocument } from './parse.js';
import type { Element } from './tree/index.js';

const description = 'The council will review the harbour plan and its budget before spring, officials said.';

function bodyOf(html: string): Element {
  return contentRootOf(parseDocument(`<html><body>${html}</body></html>`));
}

describe('leadOf', () => {
  it('finds the standfirst printed between the headline and the chosen body, widened while it stays short', () => {
    const root = bodyOf(
      `<div id="top"><h1>Harbour</h1><div class="dek"><p>The council  will review the <em>harbour plan</em> and its budget before spring, officials said.</p></div></div><div id="body"><p>${'Body text. '.repeat(40)}</p></div>`,
    );
    const content = [root.querySelector('#body')!];
    // The headline and the standfirst together are still short: their block is the lead.
    expect(leadOf(root, content, description)?.getAttribute('id')).toBe('top');
    const alone = bodyOf(
      `<div id="top"><h1>${'A much longer headline. '.repeat(4)}</h1><div class="dek"><p>The council  will review the <em>harbour plan</em> and its budget before spring, officials said.</p></div></div><div id="body"></div>`,
    );
    expect(leadOf(alone, [alone.querySelector('#body')!], description)?.getAttribute('class')).toBe('dek');
  });

  it('finds nothing when the description is inside the content, missing, short or part of a long block', () => {
    const inside = bodyOf(`<div id="body"><p>${description}</p><p>${'Body text. '.repeat(40)}</p></div>`);
    expect(leadOf(inside, [inside.querySelector('#body')!], description)).toBeUndefined();
    const missing = bodyOf(`<div id="body"><p>${'Body text. '.repeat(40)}</p></div>`);
    expect(leadOf(missing, [missing.querySelector('#body')!], description)).toBeUndefined();
    expect(leadOf(missing, [missing.querySelector('#body')!], 'Too short.')).toBeUndefined();
    const long = bodyOf(
      `<p id="x">${description} ${'More words here. '.repeat(20)}</p><div id="body"></div>`,
    );
    expect(leadOf(long, [long.querySelector('#body')!], description)).toBeUndefined();
  });

  it('finds a description split over two paragraphs as their common block', () => {
    const root = bodyOf(
      '<div class="intro"><p>The council will review the harbour plan</p>\n<p>and its budget before spring, officials said.</p></div><div id="body"></div>',
    );
    expect(leadOf(root, [root.querySelector('#body')!], description)?.getAttribute('class')).toBe('intro');
  });

  it('puts a lead before the content by document order, however deep either sits', () => {
    const root = bodyOf(
      '<header><div><div><p id="lead">Lead.</p></div></div></header><main id="story"><p>Story.</p></main><div><div><p id="after">After.</p></div></div>',
    );
    const story = root.querySelector('#story')!;
    expect(withLead([story], root.querySelector('#lead')!)[0]?.getAttribute('id')).toBe('lead');
    expect(withLead([story], root.querySelector('#after')!)).toEqual([story]);
  });
});
