import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Reference, VerifyReport } from '../../../src/contract/index.js';
import { createApiClient } from '../api/index.js';
import { ReferenceChecks } from './reference-checks.js';

const render = (markup: string) => parseHTML(`<html><body>${markup}</body></html>`).document;
const api = createApiClient({
  fetch: (async () => Response.json({})) as typeof fetch,
  getToken: () => 'secret',
});

const references: Reference[] = [
  {
    url: 'https://a.example/tower',
    title: 'Tower <img src=x onerror=alert(1)>',
    quote: 'q',
    verified: true,
    snapshot: { sha256: '0123456789abcdef0123', fetchedAt: '2026-12-01T10:00:00.000Z', archived: true },
  },
  { url: 'corpus://docs/a.md', title: 'a.md', quote: 'q', verified: true, path: 'a.md' },
];
const report: VerifyReport = {
  runId: 'r1',
  checkedAt: '2026-12-01T11:00:00.000Z',
  live: true,
  references: [{ index: 1, url: 'https://a.example/tower', archived: 'present', live: 'changed' }],
};

describe('the archived citations', () => {
  it("show each web reference's hash, its states from the last check and when it ran, the archive as a download only", () => {
    const document = render(
      renderToStaticMarkup(
        <ReferenceChecks
          api={api}
          runId="r1"
          references={references}
          verification={report}
          hasArchive={true}
        />,
      ),
    );
    const rows = document.querySelectorAll('[data-testid="reference-check"]');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain('archived · sha256 0123456789ab…');
    expect(rows[0]?.textContent).toContain('quote in the archived page');
    expect(rows[0]?.querySelector('.quote-check-bad')?.textContent).toBe('quote no longer on the live page');
    expect(document.querySelector('[data-testid="last-checked"]')?.textContent).toMatch(
      /^Last checked .+ \(live pages too\)\.$/,
    );
    // A hostile title stays text; the archive is a link to download, never an embedded page.
    expect(document.querySelectorAll('img, iframe, object, embed')).toHaveLength(0);
    const download = document.querySelector('a[download]');
    expect(download?.getAttribute('href')).toBe('/api/runs/r1/archive?access_token=secret');
  });

  it('say a run was not checked yet, and offer no download without an archive', () => {
    const document = render(
      renderToStaticMarkup(
        <ReferenceChecks
          api={api}
          runId="r1"
          references={references}
          verification={undefined}
          hasArchive={false}
        />,
      ),
    );
    expect(document.querySelector('[data-testid="last-checked"]')?.textContent).toBe('Not checked yet.');
    expect(document.querySelector('[data-testid="reference-check"]')?.textContent).toContain('not checked');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
