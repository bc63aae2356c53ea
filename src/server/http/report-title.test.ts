import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../../testing/server-test-app.js';

const REPORT = '# Report: Why is the sky blue?\n\n## Summary\n\nBlue light scatters more than red light [1].';

describe('GET /api/runs/:id/report of a report run', () => {
  it("starts with the report's own title only, in markdown and in HTML", async () => {
    const server = makeTestApp({ fake: { steps: 1, answer: REPORT } });
    const response = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'Why is the sky blue?', options: { report: true } }),
    });
    const { id } = (await response.json()) as { id: string };
    await server.runs.waitForEnd(id);
    const markdown = await (await server.app.request(`/api/runs/${id}/report`)).text();
    expect(markdown.match(/^# /gm)).toEqual(['# ']);
    expect(markdown.startsWith('# Report: Why is the sky blue?\n')).toBe(true);
    const html = await (await server.app.request(`/api/runs/${id}/report?format=html`)).text();
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('Report: Why is the sky blue?</h1>');
  });
});
