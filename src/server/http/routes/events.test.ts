import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ResearchEvent } from '../../../contract/index.js';
import { listen, makeTestApp, parseSse } from '../../../testing/server-test-app.js';
import { SSE_RETRY_MS } from '../../constants.js';

async function finishedRun(server: ReturnType<typeof makeTestApp>) {
  const response = await server.app.request('/api/runs', {
    method: 'POST',
    body: JSON.stringify({ question: 'q' }),
    headers: { 'content-type': 'application/json' },
  });
  const { id } = (await response.json()) as { id: string };
  await server.runs.waitForEnd(id);
  return id;
}

describe('run events', () => {
  it('replays a finished run as SSE with id = index and event = type, then ends', async () => {
    const server = makeTestApp();
    const id = await finishedRun(server);
    const response = await server.app.request(`/api/runs/${id}/events`);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const messages = parseSse(await response.text());
    const stored = await server.store.listEvents(id);
    const events = messages.filter((message) => message.id !== undefined);
    expect(events.map((message) => Number(message.id))).toEqual(stored.map((event) => event.index));
    expect(events.map((message) => message.event)).toEqual(stored.map((event) => event.type));
    expect(events.map((message) => JSON.parse(message.data))).toEqual(stored);
    expect(messages.at(-1)).toEqual({ event: 'end', data: '{"status":"completed"}' });
    // Before any event: how long a dropped client waits before it reconnects with Last-Event-ID.
    expect(messages[0]).toEqual({ retry: SSE_RETRY_MS, data: '' });
  });

  it('resumes after Last-Event-ID with exactly the remaining events', async () => {
    const server = makeTestApp({ fake: { steps: 3 } });
    const id = await finishedRun(server);
    const all = parseSse(await (await server.app.request(`/api/runs/${id}/events`)).text()).filter(
      (m) => m.id,
    );
    const middle = Math.floor(all.length / 2);
    const lastSeen = all[middle]?.id ?? '';
    const rest = parseSse(
      await (
        await server.app.request(`/api/runs/${id}/events`, { headers: { 'Last-Event-ID': lastSeen } })
      ).text(),
    ).filter((m) => m.id);
    expect(rest.map((message) => message.id)).toEqual(all.slice(middle + 1).map((message) => message.id));
    expect(
      (await server.app.request(`/api/runs/${id}/events`, { headers: { 'Last-Event-ID': 'x' } })).status,
    ).toBe(400);
  });

  it('streams a running run live, each event once, and closes when it ends', async () => {
    const server = makeTestApp({ fake: { steps: 4, stepDelayMs: 20 } });
    const response = await server.app.request('/api/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'q' }),
    });
    const { id } = (await response.json()) as { id: string };
    await new Promise((resolve) => setTimeout(resolve, 30));
    const stream = await server.app.request(`/api/runs/${id}/events`);
    const events = parseSse(await stream.text()).filter((message) => message.id !== undefined);
    const stored = await server.store.listEvents(id);
    expect(events.map((message) => Number(message.id))).toEqual(stored.map((event) => event.index));
    expect(stored.at(-1)?.type).toBe('run-end');
  });

  it('returns the stored events as JSON with ?format=json', async () => {
    const server = makeTestApp();
    const id = await finishedRun(server);
    const events = (await (
      await server.app.request(`/api/runs/${id}/events?format=json&after=2`)
    ).json()) as ResearchEvent[];
    expect(events[0]?.index).toBe(3);
    expect(events).toEqual(await server.store.listEvents(id, { after: 2 }));
    const unknown = await server.app.request(`/api/runs/${id}/events?format=xml`);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatchObject({
      field: 'format',
      message: expect.stringMatching(/"xml"/),
    });
  });

  it('sends the same events over WebSocket, resuming after ?after=N', async () => {
    const server = makeTestApp({ fake: { steps: 3, stepDelayMs: 10 } });
    const http = await listen(server);
    try {
      const response = await fetch(`${http.url}/api/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question: 'q' }),
      });
      const { id } = (await response.json()) as { id: string };
      const received = await new Promise<{ type: string; index?: number }[]>((resolve, reject) => {
        const messages: { type: string; index?: number }[] = [];
        const socket = new WebSocket(`${http.url.replace('http', 'ws')}/api/runs/${id}/ws?after=1`);
        socket.on('message', (data) => messages.push(JSON.parse(String(data))));
        socket.on('close', () => resolve(messages));
        socket.on('error', reject);
      });
      const stored = await server.store.listEvents(id, { after: 1 });
      expect(received.slice(0, -1)).toEqual(stored);
      expect(received.at(-1)).toEqual({ type: 'end', status: 'completed' });
    } finally {
      await http.close();
    }
  });
});
