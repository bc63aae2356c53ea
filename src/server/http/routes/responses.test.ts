import { createOpenAI } from '@ai-sdk/openai';
import { ChatOpenAI } from '@langchain/openai';
import { generateText, streamText } from 'ai';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, makeTestApp } from '../../../testing/server-test-app.js';

const TOKEN = 'responses-test-token';
const CITATION = { url: 'https://example.com/a', title: 'Example A' };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(options: Parameters<typeof makeTestApp>[0] = {}) {
  const server = makeTestApp({ authTokens: [TOKEN], ...options });
  const http = await listen(server);
  closers.push(http.close);
  const openai = new OpenAI({ baseURL: `${http.url}/v1`, apiKey: TOKEN, maxRetries: 0 });
  return { server, http, openai };
}

describe('POST /v1/responses with the openai client', () => {
  it('answers with a reasoning summary, the message, its url_citation and usage', async () => {
    const { openai, server } = await serve();
    const response = await openai.responses.create({
      model: 'deepresearch',
      instructions: 'Be brief.',
      input: 'Why is the sky blue?',
    });
    expect(response.status).toBe('completed');
    expect(response.output_text).toBe('The answer [1].');
    const [reasoning, message] = response.output;
    expect(reasoning?.type).toBe('reasoning');
    expect(reasoning?.type === 'reasoning' && reasoning.summary[0]?.text).toContain('→ search');
    expect(message?.type === 'message' && message.content[0]).toMatchObject({
      type: 'output_text',
      annotations: [{ type: 'url_citation', ...CITATION, start_index: 11, end_index: 14 }],
    });
    expect(response.usage).toMatchObject({ input_tokens: 200, output_tokens: 0, total_tokens: 200 });
    const run = (await server.store.listRuns({ limit: 1 })).runs[0];
    expect(run?.question).toBe(
      'Why is the sky blue?\n\nEarlier conversation, for context:\nsystem: Be brief.',
    );
  });

  it('streams the events official clients expect, in order', async () => {
    const { openai } = await serve({ fake: { answer: 'A long answer [1]. '.repeat(20).trim() } });
    const stream = await openai.responses.create({ model: 'deepresearch', input: 'Why?', stream: true });
    const types: string[] = [];
    const sequence: number[] = [];
    let summary = '';
    let text = '';
    const annotations: unknown[] = [];
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      sequence.push(event.sequence_number);
      if (event.type === 'response.reasoning_summary_text.delta') summary += event.delta;
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.output_text.annotation.added') annotations.push(event.annotation);
      if (event.type === 'response.completed') completed = event.response;
    }
    const firsts = [...new Set(types)];
    expect(firsts).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.annotation.added',
      'response.output_text.done',
      'response.content_part.done',
      'response.completed',
    ]);
    expect(sequence).toEqual(sequence.map((_, index) => index));
    expect(summary).toContain('Step 1');
    expect(text).toBe('A long answer [1]. '.repeat(20).trim());
    expect(annotations).toEqual([{ type: 'url_citation', ...CITATION, start_index: 14, end_index: 17 }]);
    expect(completed?.usage?.total_tokens).toBe(200);
    expect(completed?.output_text ?? completed?.output.at(-1)).toBeTruthy();
  });

  it('follows up on previous_response_id with the earlier question and answer as context', async () => {
    const { openai, server } = await serve();
    const first = await openai.responses.create({ model: 'deepresearch', input: 'Why is the sky blue?' });
    const second = await openai.responses.create({
      model: 'deepresearch',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'And at sunset?' }] }],
      previous_response_id: first.id,
    });
    expect(second.previous_response_id).toBe(first.id);
    const runs = (await server.store.listRuns({ limit: 2 })).runs;
    const followUp = runs.find((run) =>
      run.question.startsWith('And at sunset?\n\nEarlier conversation, for context:\n'),
    );
    expect(followUp?.question).toBe(
      'And at sunset?\n\nEarlier conversation, for context:\nuser: Why is the sky blue?\nassistant: The answer [1].',
    );
    // The earlier answer's references are read again by the follow-up, not searched for.
    expect(followUp?.options.priorTurns).toEqual([
      {
        answer: 'The answer [1].',
        citations: [{ url: 'https://example.com/a', title: 'Example A', start: 11, end: 14 }],
      },
    ]);
    const unknown = await openai.responses
      .create({ model: 'deepresearch', input: 'q', previous_response_id: 'resp_nope' })
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ status: 400, param: 'previous_response_id' });
  });

  it("takes an assistant item's output_text annotations as its citations, offsets across its parts", async () => {
    const { openai, server } = await serve();
    await openai.responses.create({
      model: 'deepresearch',
      input: [
        { role: 'user', content: 'Why is the sky blue?' },
        {
          type: 'message',
          role: 'assistant',
          content: [
            { type: 'output_text', text: 'Rayleigh scattering [1]. ', annotations: [] },
            {
              type: 'output_text',
              text: 'Sunsets are red [2].',
              annotations: [
                {
                  type: 'url_citation',
                  url: 'https://example.com/sunset',
                  title: 'Sunsets',
                  start_index: 16,
                  end_index: 19,
                },
                { type: 'url_citation', title: 'no url' },
              ],
            },
          ],
        } as never,
        { role: 'user', content: 'And the moon?' },
      ],
    });
    const run = (await server.store.listRuns({ limit: 1 })).runs[0];
    const answer = 'Rayleigh scattering [1]. Sunsets are red [2].';
    const start = answer.indexOf('[2]');
    expect(run?.options.priorTurns).toEqual([
      { answer, citations: [{ url: 'https://example.com/sunset', title: 'Sunsets', start, end: start + 3 }] },
    ]);
  });

  it('runs in the background: retrieve until done, cancel another, delete', async () => {
    const { openai, server } = await serve({ fake: { steps: 3, stepDelayMs: 5 } });
    const queued = await openai.responses.create({ model: 'deepresearch', input: 'q', background: true });
    expect(['queued', 'in_progress']).toContain(queued.status);
    expect(queued.background).toBe(true);
    await server.runs.waitForEnd(queued.id.slice('resp_'.length));
    const done = await openai.responses.retrieve(queued.id);
    expect(done.status).toBe('completed');
    expect(done.output_text).toBe('The answer [1].');

    const { openai: slowClient } = await serve({ fake: { steps: 1000, stepDelayMs: 10 } });
    const slow = await slowClient.responses.create({ model: 'deepresearch', input: 'q', background: true });
    const cancelled = await slowClient.responses.cancel(slow.id);
    expect(cancelled.status).toBe('cancelled');

    await openai.responses.delete(queued.id);
    const gone = await openai.responses.retrieve(queued.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(OpenAI.NotFoundError);
  });

  it('takes the extra fields and refuses bad ones naming the field, like chat completions', async () => {
    const { openai, server } = await serve();
    await openai.responses.create({
      model: 'deepresearch',
      input: 'q',
      reasoning: { effort: 'low' },
      // @ts-expect-error DeepResearch's extra fields are not in OpenAI's types.
      budget_tokens: 12_345,
      only_hostnames: ['c.example'],
    });
    expect((await server.store.listRuns({ limit: 1 })).runs[0]?.options).toMatchObject({
      tokenBudget: 12_345,
      maxSteps: 8,
      onlyHosts: ['c.example'],
    });
    const bad = await openai.responses
      // @ts-expect-error an extra field with a wrong type
      .create({ model: 'deepresearch', input: 'q', budget_tokens: -1 })
      .catch((error: unknown) => error);
    expect(bad).toMatchObject({ status: 400, param: 'budget_tokens' });
    // OpenAI's own fields are accepted and ignored; a field neither OpenAI's nor ours is refused by name.
    await openai.responses.create({
      model: 'deepresearch',
      input: 'q',
      store: false,
      tools: [],
      metadata: { job: '1' },
      text: { format: { type: 'text' } },
      reasoning: { effort: 'low', generate_summary: 'auto' },
    });
    const misspelt = await openai.responses
      // @ts-expect-error a misspelt extra field
      .create({ model: 'deepresearch', input: 'q', budget_token: 5000 })
      .catch((error: unknown) => error);
    expect(misspelt).toMatchObject({
      status: 400,
      param: 'budget_token',
      message: expect.stringContaining('Unknown field'),
    });
    const inner = await openai.responses
      // @ts-expect-error a field the reasoning object does not take
      .create({ model: 'deepresearch', input: 'q', reasoning: { effort: 'low', efort: 'high' } })
      .catch((error: unknown) => error);
    expect(inner).toMatchObject({ status: 400, param: 'reasoning.efort' });
    const noUser = await openai.responses
      .create({ model: 'deepresearch', input: [{ role: 'assistant', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect(noUser).toMatchObject({ status: 400, param: 'input' });
    const wrongKey = new OpenAI({ baseURL: openai.baseURL, apiKey: 'wrong', maxRetries: 0 });
    const refused = await wrongKey.responses
      .create({ model: 'deepresearch', input: 'q' })
      .catch((error) => error);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
  });
});

describe('/v1/responses with the AI SDK and LangChain', () => {
  it("shows the citations as the AI SDK's sources (generateText and streamText)", async () => {
    const { http } = await serve();
    const provider = createOpenAI({ baseURL: `${http.url}/v1`, apiKey: TOKEN });
    const generated = await generateText({ model: provider('deepresearch'), prompt: 'Why?', maxRetries: 0 });
    expect(generated.text).toBe('The answer [1].');
    expect(generated.sources).toEqual([expect.objectContaining({ sourceType: 'url', ...CITATION })]);
    expect(generated.reasoningText).toContain('→ search');
    const streamed = streamText({ model: provider('deepresearch'), prompt: 'Why?', maxRetries: 0 });
    expect(await streamed.text).toBe('The answer [1].');
    expect(await streamed.sources).toEqual([expect.objectContaining({ sourceType: 'url', ...CITATION })]);
  });

  it("shows the citations in LangChain's ChatOpenAI with useResponsesApi", async () => {
    const { http } = await serve();
    const model = new ChatOpenAI({
      model: 'deepresearch',
      apiKey: TOKEN,
      useResponsesApi: true,
      maxRetries: 0,
      configuration: { baseURL: `${http.url}/v1` },
    });
    const message = await model.invoke('Why?');
    expect(message.text).toBe('The answer [1].');
    expect(message.content).toContainEqual(
      expect.objectContaining({
        type: 'text',
        annotations: [expect.objectContaining({ type: 'citation', ...CITATION, startIndex: 11 })],
      }),
    );
    let streamedCitations = 0;
    for await (const chunk of await model.stream('Why?')) {
      const blocks = Array.isArray(chunk.content) ? chunk.content : [];
      for (const block of blocks) {
        const annotations = (block as { annotations?: { url?: string }[] }).annotations ?? [];
        streamedCitations += annotations.filter((annotation) => annotation.url === CITATION.url).length;
      }
    }
    expect(streamedCitations).toBe(1);
  });
});
