import { describe, expect, it } from 'vitest';
import { research } from '../../../research/index.js';
import { ALL_RUNS } from '../../../runs/index.js';
import { createFakeLlm } from '../../../testing/fake-llm.js';
import { createFakeReader } from '../../../testing/fake-reader.js';
import { createFakeSearch } from '../../../testing/fake-search.js';
import {
  cooperativeObject,
  cooperativeText,
  PAGES,
  QUESTION,
  RESULTS,
} from '../../../testing/research-fixtures.js';
import { makeTestApp } from '../../../testing/server-test-app.js';

const QUESTIONS = ['Do you mean the height with or without antennas?', 'In metres or in feet?'];

function engineApp() {
  const llm = createFakeLlm({
    object: cooperativeObject({ clarify: () => ({ think: 'Ambiguous.', questions: QUESTIONS }) }),
    text: cooperativeText,
  });
  const server = makeTestApp({
    runner: research,
    capabilities: { llm, searchProviders: [createFakeSearch(RESULTS)], reader: createFakeReader(PAGES) },
  });
  return { ...server, llm };
}

const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const planPrompts = (server: ReturnType<typeof engineApp>) =>
  server.llm.calls.filter((call) => call.schemaName === 'plan').map((call) => call.prompt);

describe('clarifying questions over /v1', () => {
  it('chat completions: the questions are the assistant message, the next user message answers them', async () => {
    const server = engineApp();
    const first = await server.app.request(
      '/v1/chat/completions',
      post({
        model: 'deepresearch',
        messages: [{ role: 'user', content: QUESTION }],
        clarify: true,
        no_direct_answer: true,
        team_size: 1,
      }),
    );
    expect(first.status).toBe(200);
    const asked = await first.json();
    const questions: string = asked.choices[0].message.content;
    expect(questions).toContain('1. Do you mean the height with or without antennas?');
    expect(questions).toContain('2. In metres or in feet?');
    expect(planPrompts(server)).toHaveLength(0);
    const runId = /research run (\S+) is waiting/.exec(questions)?.[1];
    expect((await server.runs.detail(runId ?? '', ALL_RUNS)).status).toBe('needs_input');

    const second = await server.app.request(
      '/v1/chat/completions',
      post({
        model: 'deepresearch',
        messages: [
          { role: 'user', content: QUESTION },
          { role: 'assistant', content: questions },
          { role: 'user', content: 'Without antennas\nIn metres' },
        ],
        clarify: true,
      }),
    );
    expect(second.status).toBe(200);
    const answered = await second.json();
    expect(answered.id).toBe(asked.id);
    expect(answered.choices[0].message.content).toMatch(/330/);
    const plan = planPrompts(server)[0] ?? '';
    expect(plan).toContain('Answered: Without antennas');
    expect(plan).toContain('Asked: In metres or in feet? Answered: In metres');
    // The same run went on: no second run was started for the reply.
    expect((await (await server.app.request('/api/runs')).json()).runs).toHaveLength(1);
  });

  it('chat completions streaming: the questions stream as content and the stream ends', async () => {
    const server = engineApp();
    const response = await server.app.request(
      '/v1/chat/completions',
      post({
        model: 'deepresearch',
        messages: [{ role: 'user', content: QUESTION }],
        clarify: true,
        stream: true,
      }),
    );
    const text = await response.text();
    const content = text
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)).choices?.[0]?.delta?.content ?? '')
      .join('');
    expect(content).toContain('1. Do you mean the height with or without antennas?');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('responses: the questions are the message, previous_response_id answers them on the same run', async () => {
    const server = engineApp();
    const first = await (
      await server.app.request(
        '/v1/responses',
        post({ model: 'deepresearch', input: QUESTION, clarify: true, no_direct_answer: true, team_size: 1 }),
      )
    ).json();
    expect(first.status).toBe('completed');
    const message = first.output.find((item: { type: string }) => item.type === 'message');
    expect(message.content[0].text).toContain('2. In metres or in feet?');
    const second = await (
      await server.app.request(
        '/v1/responses',
        post({
          model: 'deepresearch',
          input: 'Without antennas\nIn metres',
          previous_response_id: first.id,
          clarify: true,
        }),
      )
    ).json();
    expect(second.id).toBe(first.id);
    expect(second.status).toBe('completed');
    expect(planPrompts(server)[0]).toContain('Answered: Without antennas');
  });
});
