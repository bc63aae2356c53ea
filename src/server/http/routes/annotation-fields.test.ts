import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reference } from '../../../contract/index.js';
import { listen, makeTestApp } from '../../../testing/server-test-app.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const reference = (letter: string, relevance: number | undefined, verified = true): Reference => ({
  url: `https://example.com/${letter}`,
  title: `Page ${letter}`,
  quote: `quote ${letter}`,
  verified,
  ...(relevance === undefined ? {} : { relevance }),
});

/** Four citations: strong, weak (not verified, so 0), middling, and one stored without a relevance. */
const REFERENCES = [
  reference('a', 0.9),
  reference('b', 0, false),
  reference('c', 0.6),
  reference('d', undefined),
];
const ANSWER = 'Alpha [1]. Beta [2]. Gamma [3]. Delta [4].';

async function client() {
  const server = makeTestApp({ fake: { answer: ANSWER, references: REFERENCES } });
  const http = await listen(server);
  closers.push(http.close);
  return new OpenAI({ baseURL: `${http.url}/v1`, apiKey: 'unused', maxRetries: 0 });
}

const urls = (annotations: readonly { url_citation?: { url: string }; url?: string }[] | undefined) =>
  (annotations ?? []).map((annotation) => annotation.url_citation?.url ?? annotation.url);

describe('/v1 annotation fields', () => {
  it('leaves out citations below min_annotation_relevance, keeping the markers of the rest', async () => {
    const openai = await client();
    const completion = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: 'q' }],
      // @ts-expect-error DeepResearch's extra field
      min_annotation_relevance: 0.5,
    });
    const message = completion.choices[0]?.message;
    expect(message?.content).toBe(ANSWER);
    expect(urls(message?.annotations)).toEqual([
      'https://example.com/a',
      'https://example.com/c',
      'https://example.com/d',
    ]);
    // Each annotation still points at its own marker.
    const gamma = message?.annotations?.[1]?.url_citation;
    expect(ANSWER.slice(gamma?.start_index, gamma?.end_index)).toBe('[3]');
  });

  it('caps the annotations at max_annotations, the most relevant kept in the answer’s order, streaming too', async () => {
    const openai = await client();
    // DeepResearch's extra field, beside OpenAI's streaming parameters.
    const body = {
      model: 'deepresearch',
      messages: [{ role: 'user' as const, content: 'q' }],
      stream: true as const,
    };
    const stream = await openai.chat.completions.create({ ...body, max_annotations: 2 } as typeof body);
    const annotations: { url_citation: { url: string } }[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as
        | { annotations?: { url_citation: { url: string } }[] }
        | undefined;
      annotations.push(...(delta?.annotations ?? []));
    }
    expect(urls(annotations)).toEqual(['https://example.com/a', 'https://example.com/c']);
  });

  it('applies both on /v1/responses', async () => {
    const openai = await client();
    const response = await openai.responses.create({
      model: 'deepresearch',
      input: 'q',
      // @ts-expect-error DeepResearch's extra fields
      max_annotations: 1,
      min_annotation_relevance: 0.95,
    });
    const message = response.output.find((item) => item.type === 'message');
    const text = message?.type === 'message' ? message.content[0] : undefined;
    // Only the reference without a relevance is not judged by the threshold; it ranks last but is alone.
    expect(text?.type === 'output_text' ? urls(text.annotations as never) : []).toEqual([
      'https://example.com/d',
    ]);
  });

  it.each([
    ['max_annotations', 0, 'a whole number from 1 to 100'],
    ['max_annotations', 2.5, 'a whole number from 1 to 100'],
    ['max_annotations', 'three', 'a whole number from 1 to 100'],
    ['min_annotation_relevance', 1.5, 'a number from 0 to 1'],
    ['min_annotation_relevance', -1, 'a number from 0 to 1'],
  ])('refuses %s = %j with a 400 naming the field', async (field, value, words) => {
    const openai = await client();
    const failure = await openai.chat.completions
      .create({ model: 'deepresearch', messages: [{ role: 'user', content: 'q' }], [field]: value } as never)
      .catch((error: unknown) => error as InstanceType<typeof OpenAI.BadRequestError>);
    expect(failure).toBeInstanceOf(OpenAI.BadRequestError);
    expect(failure).toMatchObject({ status: 400, param: field });
    expect((failure as Error).message).toContain(words);
  });
});
