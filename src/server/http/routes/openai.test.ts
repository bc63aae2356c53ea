import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, makeTestApp } from '../../../testing/server-test-app.js';

const TOKEN = 'openai-test-token';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function client(options: Parameters<typeof makeTestApp>[0] = {}) {
  const server = makeTestApp({ authTokens: [TOKEN], ...options });
  const http = await listen(server);
  closers.push(http.close);
  const openai = new OpenAI({ baseURL: `${http.url}/v1`, apiKey: TOKEN, maxRetries: 0 });
  return { server, http, openai };
}

describe('OpenAI-compatible endpoint', () => {
  it('lists models', async () => {
    const { openai } = await client({ allowedModels: ['openai:gpt-4o'] });
    const models = await openai.models.list();
    expect(models.data.map((model) => model.id)).toEqual([
      'deepresearch',
      'openai:gpt-4o-mini',
      'openai:gpt-4o',
    ]);
  });

  it('answers without streaming: the answer, its citations, reasoning and usage', async () => {
    const { openai, server } = await client();
    const completion = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Why is the sky blue?' },
      ],
    });
    const message = completion.choices[0]?.message;
    expect(message?.content).toBe('The answer [1].');
    expect(message?.annotations).toEqual([
      {
        type: 'url_citation',
        url_citation: { url: 'https://example.com/a', title: 'Example A', start_index: 11, end_index: 14 },
      },
    ]);
    expect((message as unknown as { reasoning_content: string }).reasoning_content).toContain('→ search');
    expect(completion.usage).toEqual({ prompt_tokens: 200, completion_tokens: 0, total_tokens: 200 });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    const runs = await server.store.listRuns({ limit: 10 });
    expect(runs.runs[0]?.question).toBe(
      'Why is the sky blue?\n\nEarlier conversation, for context:\nsystem: Be brief.',
    );
  });

  it('streams progress as reasoning_content, then the answer, annotations, usage and [DONE]', async () => {
    const { openai } = await client({ fake: { answer: 'A long answer. '.repeat(30).trim() } });
    const stream = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'Why?' }],
      stream: true,
    });
    let reasoning = '';
    let content = '';
    let contentStartedAfterReasoning = true;
    const annotations: unknown[] = [];
    let usage: unknown;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as
        | { content?: string; reasoning_content?: string; annotations?: unknown[] }
        | undefined;
      if (delta?.reasoning_content) {
        if (content) contentStartedAfterReasoning = false;
        reasoning += delta.reasoning_content;
      }
      if (delta?.content) content += delta.content;
      if (delta?.annotations) annotations.push(...delta.annotations);
      if (chunk.choices[0]?.finish_reason) finish = chunk.choices[0].finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(reasoning).toContain('Step 1');
    expect(reasoning).toContain('The answer passed evaluation.');
    expect(content).toBe('A long answer. '.repeat(30).trim());
    expect(contentStartedAfterReasoning).toBe(true);
    expect(annotations).toHaveLength(1);
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({ total_tokens: 200 });
  });

  it('puts progress inside <think> in content when asked', async () => {
    const { http } = await client();
    const response = await fetch(`${http.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'deepresearch',
        stream: true,
        think_in_content: true,
        messages: [{ role: 'user', content: 'q' }],
      }),
    });
    const text = await response.text();
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
    const content = text
      .split('\n\n')
      .filter((block) => block.startsWith('data: {'))
      .map((block) => JSON.parse(block.slice(6)).choices?.[0]?.delta?.content ?? '')
      .join('');
    expect(content).toMatch(/^<think>\n[\s\S]*\n<\/think>\n\nThe answer \[1\]\.$/);
  });

  it('passes earlier answers with their annotations on as prior turns; garbage annotations are skipped', async () => {
    const { openai, server } = await client();
    const question = 'Why is the sky blue?';
    const first = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: question }],
    });
    const answer = first.choices[0]?.message;
    if (!answer) throw new Error('no answer');
    const citation = { url: 'https://example.com/a', title: 'Example A', start: 11, end: 14 };
    // The answer as the SDK returned it, as clients send it back.
    await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: question }, answer, { role: 'user', content: 'And at sunset?' }],
    });
    const followUp = (await server.store.listRuns({ limit: 1 })).runs[0];
    expect(followUp?.question).toBe(
      `And at sunset?\n\nEarlier conversation, for context:\nuser: ${question}\nassistant: The answer [1].`,
    );
    expect(followUp?.options.priorTurns).toEqual([{ answer: 'The answer [1].', citations: [citation] }]);
    // With progress in <think> and garbage a client added among the annotations.
    const garbled = {
      role: 'assistant',
      content: `<think>progress</think>${answer.content ?? ''}`,
      annotations: [
        ...(answer.annotations ?? []),
        { type: 'url_citation', url_citation: { title: 'no url' } },
        { type: 'file_citation', file_id: 'x' },
        'nonsense',
      ],
    } as OpenAI.ChatCompletionMessageParam;
    await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [
        { role: 'user', content: question },
        garbled,
        { role: 'assistant', content: '' },
        { role: 'user', content: 'And at noon?' },
      ],
    });
    const garbledRun = (await server.store.listRuns({ limit: 1 })).runs[0];
    expect(garbledRun?.options.priorTurns).toEqual([{ answer: 'The answer [1].', citations: [citation] }]);
    const wrongShape = await openai.chat.completions
      .create({
        model: 'deepresearch',
        messages: [
          { role: 'assistant', content: 'a', annotations: 'not a list' } as OpenAI.ChatCompletionMessageParam,
          { role: 'user', content: 'q' },
        ],
      })
      .catch((error: unknown) => error);
    expect(wrongShape).toMatchObject({ status: 400, param: 'messages.0.annotations' });
  });

  it('maps the extra fields onto run options', async () => {
    const { openai, server } = await client();
    await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'q' }],
      reasoning_effort: 'low',
      // @ts-expect-error DeepResearch's extra fields are not in OpenAI's types.
      budget_tokens: 12_345,
      max_attempts: 2,
      no_direct_answer: true,
      boost_hostnames: ['a.example'],
      bad_hostnames: ['b.example'],
      only_hostnames: ['c.example'],
      max_returned_urls: 3,
      language_code: 'de',
      search_language_code: 'ja',
      search_provider: 'wikipedia',
      team_size: 4,
      depth: 2,
      frequency_penalty: 0.5,
    });
    const run = (await server.store.listRuns({ limit: 1 })).runs[0];
    expect(run?.options).toMatchObject({
      tokenBudget: 12_345,
      maxSteps: 8,
      maxAnswerAttempts: 2,
      noDirectAnswer: true,
      boostHosts: ['a.example'],
      excludeHosts: ['b.example'],
      onlyHosts: ['c.example'],
      maxReturnedUrls: 3,
      language: 'de',
      searchLanguage: 'ja',
      search: ['wikipedia'],
      breadth: 4,
      depth: 2,
    });
  });

  it('raises BadRequestError for an invalid value, naming the parameter', async () => {
    const { openai } = await client();
    const failure = await openai.chat.completions
      .create({
        model: 'deepresearch',
        messages: [{ role: 'user', content: 'q' }],
        // @ts-expect-error an extra field with a wrong type
        budget_tokens: -1,
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect((failure as InstanceType<typeof OpenAI.BadRequestError>).status).toBe(400);
    expect((failure as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('budget_tokens');
    expect((failure as InstanceType<typeof OpenAI.BadRequestError>).type).toBe('invalid_request_error');
    expect((failure as Error).message).toBe(
      '400 Invalid value for "budget_tokens": must be a positive whole number, got -1.',
    );
    const tooMany = await openai.chat.completions
      .create({
        model: 'deepresearch',
        messages: [{ role: 'user', content: 'q' }],
        // @ts-expect-error an extra field, valid for the request, beyond the option's limit
        max_returned_urls: 1000,
      })
      .then(
        () => undefined,
        (error: unknown) => error as InstanceType<typeof OpenAI.BadRequestError>,
      );
    expect(tooMany).toMatchObject({ status: 400, param: 'max_returned_urls' });
    expect(tooMany?.message).toBe(
      '400 Invalid value for "max_returned_urls": must be a positive whole number up to 100, got 1000.',
    );
    const noUser = await openai.chat.completions
      .create({ model: 'deepresearch', messages: [{ role: 'system', content: 'hi' }] })
      .catch((error: unknown) => error);
    expect((noUser as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('messages');
  });

  it('caps the question as /api/runs does: 20,000 characters, earlier messages included', async () => {
    const { openai, http, server } = await client();
    const ask = (messages: { role: 'user' | 'assistant'; content: string }[]) =>
      openai.chat.completions.create({ model: 'deepresearch', messages }).then(
        () => undefined,
        (error: unknown) => error as InstanceType<typeof OpenAI.BadRequestError>,
      );
    const huge = await ask([{ role: 'user', content: 'x'.repeat(900_000) }]);
    expect(huge).toMatchObject({ status: 400, param: 'messages' });
    expect(huge?.message).toBe(
      '400 The question is 900,000 characters long (the last user message and the earlier messages passed as its context); at most 20,000 are allowed.',
    );
    const history = await ask([
      { role: 'user', content: 'y'.repeat(15_000) },
      { role: 'user', content: 'z'.repeat(15_000) },
      { role: 'user', content: 'Why?' },
    ]);
    expect(history).toMatchObject({ status: 400, param: 'messages' });
    expect((await server.store.listRuns({ limit: 10 })).runs).toHaveLength(0);
    // An earlier answer counts in short: the whole of it (up to 12,000 characters) is a prior turn.
    const longAnswer = await ask([
      { role: 'user', content: 'y'.repeat(15_000) },
      { role: 'assistant', content: 'z'.repeat(15_000) },
      { role: 'user', content: 'Why?' },
    ]);
    expect(longAnswer).toBeUndefined();
    const run = (await server.store.listRuns({ limit: 1 })).runs[0];
    expect(run?.question).toBe(
      `Why?\n\nEarlier conversation, for context:\nuser: ${'y'.repeat(15_000)}\nassistant: ${'z'.repeat(300)}…`,
    );
    expect(run?.options.priorTurns).toEqual([{ answer: 'z'.repeat(12_000), citations: [] }]);
    await server.runs.waitForEnd(run?.id ?? '');
    const sessions = await fetch(`${http.url}/api/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'x'.repeat(20_001) }),
    });
    expect(sessions.status).toBe(400);
    expect((await sessions.json()).error).toMatchObject({
      field: 'question',
      message: expect.stringContaining('must be at most 20,000 characters'),
    });
    expect(await ask([{ role: 'user', content: 'q'.repeat(20_000) }])).toBeUndefined();
  });

  it('raises BadRequestError naming model or search_provider when the run could not start', async () => {
    const { checkResearchSetup } = await import('../../../research/index.js');
    const { openai, server } = await client({
      checkSetup: (config) => checkResearchSetup(config, { env: { OPENAI_API_KEY: 'sk-x' } }),
    });
    const ask = (extra: Record<string, unknown>) =>
      openai.chat.completions
        .create({ model: 'deepresearch', messages: [{ role: 'user', content: 'q' }], ...extra })
        .then(
          () => undefined,
          (error: unknown) => error as InstanceType<typeof OpenAI.BadRequestError>,
        );
    const unknownModel = await ask({ model: 'mistral:large' });
    expect(unknownModel).toBeInstanceOf(OpenAI.BadRequestError);
    expect(unknownModel).toMatchObject({ status: 400, param: 'model' });
    expect(unknownModel?.message).toBe(
      '400 Invalid value for "model": "mistral:large" is not allowed on this server. Allowed: openai:gpt-4o-mini. Or use the model "deepresearch": the server\'s own (GET /v1/models lists every model).',
    );
    const unknownSearch = await ask({ search_provider: 'google' });
    expect(unknownSearch).toMatchObject({ status: 400, param: 'search_provider' });
    const missingKey = await ask({ search_provider: ['wikipedia', 'tavily'] });
    expect(missingKey).toMatchObject({ status: 400, param: 'search_provider' });
    expect(missingKey?.message).toMatch(
      /"search_provider": tavily needs TAVILY_API_KEY, which is not set on this server/,
    );
    const noInstance = await ask({ search_provider: 'searxng' });
    expect(noInstance).toMatchObject({ status: 400, param: 'search_provider' });
    expect(noInstance?.message).toMatch(/searxng needs SEARXNG_URL, which is not set on this server/);
    expect((await server.store.listRuns({ limit: 10 })).runs).toHaveLength(0);
  });

  it('raises AuthenticationError for a wrong key', async () => {
    const { http } = await client();
    const wrong = new OpenAI({ baseURL: `${http.url}/v1`, apiKey: 'wrong', maxRetries: 0 });
    const failure = await wrong.chat.completions
      .create({ model: 'deepresearch', messages: [{ role: 'user', content: 'q' }] })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((failure as InstanceType<typeof OpenAI.AuthenticationError>).type).toBe('authentication_error');
  });

  it('cancels the run when a streaming client disconnects', async () => {
    const { openai, server } = await client({ fake: { steps: 1000, stepDelayMs: 10 } });
    const controller = new AbortController();
    const stream = await openai.chat.completions.create(
      { model: 'deepresearch', messages: [{ role: 'user', content: 'q' }], stream: true },
      { signal: controller.signal },
    );
    let chunks = 0;
    try {
      for await (const _chunk of stream) {
        chunks += 1;
        if (chunks === 5) controller.abort();
      }
    } catch {
      // The client's own abort ends its iteration with an error.
    }
    const id = (await server.store.listRuns({ limit: 1 })).runs[0]?.id ?? '';
    const ended = await server.runs.waitForEnd(id);
    expect(ended.status).toBe('cancelled');
  });
});
