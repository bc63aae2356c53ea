import { describe, expect, it } from 'vitest';
import { extractHtmlWithDetails } from './index.js';
import { parseDocument } from './parse.js';
import { togglesUnder } from './settings-panels.js';

const purposes = Array.from(
  { length: 8 },
  (_, index) =>
    `<div class="category"><h4>Purpose ${index}</h4><p>Information about your activity on this service, purpose number ${index}, can be stored and combined with other information to build a profile of you.</p>
    <label class="switch"><input type="checkbox" name="purpose-${index}"> Allow</label></div>`,
).join('');

/** A consent centre, longer than the page's own text, marked as not the page's own. */
const centre = `<div id="consent-sdk" data-nosnippet="true"><div class="pc-centre"><h3>About your privacy</h3>${purposes}
  <button>Confirm my choices</button></div></div>`;

const page = `<html><head><title>Showcase thread</title></head><body>
  <main><h1>Showcase discussion</h1>
  <p>The showcase starts at nine tomorrow morning; post what you expect to see announced before then.</p>
  <p>My guess is a remaster of an old favourite and a new racing game from the studio that made the last one.</p>
  <p>Whatever comes, it will be a long wait until the summer for most of these games to come out anyway.</p></main>
  ${centre}</body></html>`;

describe('a panel of settings', () => {
  it('goes however long it is, when the page sets it apart', () => {
    const { text } = extractHtmlWithDetails(page, { url: 'https://example.com/boards/80702016' }).page;
    expect(text).toContain('remaster of an old favourite');
    expect(text).not.toContain('build a profile of you');
  });

  it('stays, outweighing the page, with the mechanism off', () => {
    const { text } = extractHtmlWithDetails(page, {
      url: 'https://example.com/boards/80702016',
      settingsPanels: false,
    }).page;
    expect(text).toContain('build a profile of you');
  });

  it('is no block the page leaves in its text: a survey of choices stays', () => {
    const survey = page
      .replace(centre, '')
      .replace('</main>', `<form class="survey">${purposes}</form></main>`);
    const { text } = extractHtmlWithDetails(survey, { url: 'https://example.com/boards/80702016' }).page;
    expect(text).toContain('build a profile of you');
  });
});

describe('togglesUnder', () => {
  it("counts each element's checkboxes, radio buttons and switches, its descendants' included", () => {
    const document = parseDocument(
      `<html><body><div id="outer"><div id="inner"><input type="checkbox"><input type="text"></div>
      <span role="switch"></span><input type="RADIO"></div></body></html>`,
    );
    const togglesOf = togglesUnder(document.documentElement!);
    expect(togglesOf(document.querySelector('#inner')!)).toBe(1);
    expect(togglesOf(document.querySelector('#outer')!)).toBe(3);
  });

  it('counts through deep nesting', () => {
    const depth = 20_000;
    const html = `<html><body>${'<div>'.repeat(depth)}<input type="checkbox">${'</div>'.repeat(depth)}</body></html>`;
    const root = parseDocument(html).documentElement!;
    const togglesOf = togglesUnder(root);
    expect(togglesOf(root.querySelector('body')!)).toBe(1);
  });
});
