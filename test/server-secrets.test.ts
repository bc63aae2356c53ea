/**
 * Secrets never leave the server, even cut across the report's stream deltas: not in SSE, not over
 * WebSocket, not in the events table, not in the OpenAI stream.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { listen, makeTestApp, parseSse, TEST_API_KEY } from '../src/testing/server-test-app.js';

const TOKEN = 'token-abcdefghijklmnop-0123';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const REPORT = `# Report\n\nThe operator's key is ${TEST_API_KEY} and the token ${TOKEN}; both must stay hidden.\n`;

/** The report cut into pieces of `size` characters, so that each secret spans several deltas. */
function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

const EXPECTED = REPORT.replace(TEST_API_KEY, '[redacted]').replace(TOKEN, '[redacted]');

describe('secrets across report deltas', () => {
  it.each([1, 3, 7, 16])(
    'redacts secrets cut into %i-character deltas in SSE, WebSocket and the events table',
    async (size) => {
      const server = makeTestApp({
        authTokens: [TOKEN],
        fake: { steps: 1, reportDeltas: cut(REPORT, size), answer: REPORT },
      });
      const http = await listen(server);
      try {
        const created = await fetch(`${http.url}/api/runs`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ question: 'q' }),
        });
        const { id } = (await created.json()) as { id: string };
        await server.runs.waitForEnd(id);

        const stored = await server.store.listEvents(id);
        const sse = await (await fetch(`${http.url}/api/runs/${id}/events?access_token=${TOKEN}`)).text();
        const ws = await new Promise<string>((resolve, reject) => {
          const messages: string[] = [];
          const socket = new WebSocket(`${http.url.replace('http', 'ws')}/api/runs/${id}/ws`, {
            headers: { authorization: `Bearer ${TOKEN}` },
          });
          socket.on('message', (data) => messages.push(String(data)));
          socket.on('close', () => resolve(messages.join('\n')));
          socket.on('error', reject);
        });
        const detail = await (await fetch(`${http.url}/api/runs/${id}`, { headers: auth })).text();
        for (const [where, text] of [
          ['events table', JSON.stringify(stored)],
          ['SSE', sse],
          ['WebSocket', ws],
          ['run detail', detail],
        ] as const) {
          // No piece of a secret long enough to matter reaches anyone.
          expect(text, where).not.toContain(TEST_API_KEY.slice(0, 12));
          expect(text, where).not.toContain(TOKEN.slice(0, 12));
        }
        const deltas = stored.flatMap((event) => (event.type === 'report-delta' ? [event.text] : []));
        expect(deltas.join('')).toBe(EXPECTED);
        const streamed = parseSse(sse).flatMap((message) =>
          message.event === 'report-delta' ? [JSON.parse(message.data).text as string] : [],
        );
        expect(streamed.join('')).toBe(EXPECTED);
        expect(stored.map((event) => event.index)).toEqual(stored.map((_, index) => index));
      } finally {
        await http.close();
      }
    },
  );

  it('redacts them in the OpenAI stream, whose content is the redacted report', async () => {
    const server = makeTestApp({
      authTokens: [TOKEN],
      fake: { steps: 1, reportDeltas: cut(REPORT, 5), answer: REPORT },
    });
    const response = await server.app.request('/v1/chat/completions', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        model: 'deepresearch',
        stream: true,
        messages: [{ role: 'user', content: 'q' }],
      }),
    });
    const text = await response.text();
    expect(text).not.toContain(TEST_API_KEY.slice(0, 12));
    expect(text).not.toContain(TOKEN.slice(0, 12));
    const content = parseSse(text)
      .filter((message) => message.data.startsWith('{'))
      .map((message) => JSON.parse(message.data).choices?.[0]?.delta?.content ?? '')
      .join('');
    expect(content).toBe(EXPECTED);
  });
});
