/**
 * `with_images` on `/v1`: a research run over a fake page server whose pages carry images (a
 * proper photo, a lazy-loaded one, a tracking pixel, an icon, a `data:` URI, hostile alt text)
 * returns the pages' images as `image_url` annotations, streamed and not, on chat completions and
 * the Responses API; without the field the annotations are the citations alone; `with_images:
 * "yes"` is a 400 naming the field. The run's result and stored sources list the images too.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { research } from '../src/research/index.js';
import { type DemoWorld, demoResearchConfig, startDemoWorld } from '../src/testing/demo-world.js';
import { listen, makeTestApp } from '../src/testing/server-test-app.js';

const QUESTION = 'When was the Eiffel Tower completed?';
const HOSTILE_ALT = `The tower\u0000 at\u0007 night\u202e\u2066 seen from\u200b the Seine\n\n${'very '.repeat(80)}long`;

const PAGES = {
  '/eiffel-tower': `<!doctype html><html lang="en"><head><title>The Eiffel Tower</title></head><body>
<nav><a href="/">Home</a><img src="/menu/banner.jpg" alt="Banner of the encyclopedia" width="600" height="100"></nav>
<article><h1>The Eiffel Tower</h1>
<p>The Eiffel Tower was completed in March 1889 as the entrance arch to the Exposition Universelle in Paris. It was designed by the engineering company of Gustave Eiffel.</p>
<figure><img src="media/tower-1889.jpg" alt="The Eiffel Tower under construction in 1888" width="800" height="600"></figure>
<p>At 330 metres, the tower was the tallest man-made structure in the world until the Chrysler Building in New York was finished in 1930.</p>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/lazy/lattice.webp" alt="The wrought-iron lattice from below">
<img src="/t/pixel.gif" alt="Visit counter of this page" width="1" height="1">
<img src="/icons/print.svg" alt="Print this article" width="16" height="16">
<img src="data:image/png;base64,iVBORw0KGgo=" alt="An inline chart of visitors">
<img src="/media/night.jpg" alt="${HOSTILE_ALT}">
<p>The tower is repainted every seven years, using about 60 tonnes of paint to protect the wrought iron from rust.</p>
</article></body></html>`,
  '/paris-landmarks': `<!doctype html><html lang="en"><head><title>Landmarks of Paris</title></head><body>
<main><h1>Landmarks of Paris</h1>
<p>Paris has many landmarks that draw visitors from around the world every year.</p>
<img src="https://cdn.example/paris/skyline.jpg" alt="The skyline of Paris at dusk">
<p>The wrought-iron lattice of the Eiffel Tower weighs about 7,300 tonnes, and the whole structure about 10,100 tonnes.</p>
</main></body></html>`,
};

let world: DemoWorld;
let server: ReturnType<typeof makeTestApp>;
let http: Awaited<ReturnType<typeof listen>>;
let openai: OpenAI;

beforeAll(async () => {
  world = await startDemoWorld({ pages: PAGES });
  server = makeTestApp({ runner: research, config: demoResearchConfig(world) });
  http = await listen(server);
  openai = new OpenAI({ baseURL: `${http.url}/v1`, apiKey: 'unused', maxRetries: 0 });
}, 60_000);
afterAll(async () => {
  await http?.close();
  await server?.runs.shutdown({ graceMs: 0 });
  await world?.close();
});

interface ImageAnnotation {
  url: string;
  alt: string;
  width?: number;
  height?: number;
  source_url: string;
  source_title: string;
  references?: number[];
  start_index: number;
  end_index: number;
}
type Annotation = { type: string; image_url?: ImageAnnotation; url_citation?: { url: string } };

const imagesOf = (annotations: readonly Annotation[]) =>
  annotations.flatMap((annotation) =>
    annotation.type === 'image_url' && annotation.image_url ? [annotation.image_url] : [],
  );

/** What every response with images must show of the pages' images. */
function expectPageImages(images: readonly ImageAnnotation[], answer: string) {
  const origin = world.pages.origin;
  const byUrl = new Map(images.map((image) => [image.url, image]));
  expect(byUrl.get(`${origin}/media/tower-1889.jpg`)).toMatchObject({
    alt: 'The Eiffel Tower under construction in 1888',
    width: 800,
    height: 600,
    source_url: `${origin}/eiffel-tower`,
    source_title: 'The Eiffel Tower',
  });
  expect(byUrl.get(`${origin}/lazy/lattice.webp`)?.alt).toBe('The wrought-iron lattice from below');
  expect(byUrl.get('https://cdn.example/paris/skyline.jpg')?.source_url).toBe(`${origin}/paris-landmarks`);
  // Hostile alt text arrives without control or direction characters, clipped.
  const night = byUrl.get(`${origin}/media/night.jpg`);
  expect(night?.alt).toMatch(/^The tower at night seen from the Seine very very .*…$/);
  expect(night?.alt.length).toBeLessThanOrEqual(200);
  // Pixels, icons, data: URIs and the menu's banner are not images of the content.
  expect(images.map((image) => image.url)).toHaveLength(4);
  for (const image of images) {
    expect(image.url).toMatch(/^https?:\/\//);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
    expect(image.alt).not.toMatch(/[\u0000-\u001f\u202a-\u202e\u2066-\u2069\u200b]/);
    // An image of a cited page points at the marker of its first citation.
    if (image.references)
      expect(answer.slice(image.start_index, image.end_index)).toBe(`[${image.references[0]}]`);
  }
  // Images of cited pages come before those of pages the answer does not cite.
  const cited = images.map((image) => image.references !== undefined);
  expect(cited).toEqual([...cited].sort((left, right) => Number(right) - Number(left)));
}

describe('/v1 with_images', () => {
  it('returns the pages’ images as image_url annotations after the citations, and the run keeps them', async () => {
    const completion = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: QUESTION }],
      // @ts-expect-error DeepResearch's extra field
      with_images: true,
    });
    const message = completion.choices[0]?.message;
    const answer = message?.content ?? '';
    expect(answer).toContain('1889');
    const annotations = (message?.annotations ?? []) as Annotation[];
    const types = annotations.map((annotation) => annotation.type);
    expect(types.filter((type) => type === 'url_citation').length).toBeGreaterThan(0);
    // The citations first, then the images.
    expect(types).toEqual(
      [...types].sort(
        (left, right) => (left === 'url_citation' ? 0 : 1) - (right === 'url_citation' ? 0 : 1),
      ),
    );
    expectPageImages(imagesOf(annotations), answer);

    // The run's result and its stored sources hold the same images.
    const runId = completion.id.replace(/^chatcmpl-/, '');
    const detail = await (await fetch(`${http.url}/api/runs/${runId}`)).json();
    expect(detail.result.images.map((image: { url: string }) => image.url)).toEqual(
      imagesOf(annotations).map((image) => image.url),
    );
    const { sources } = await (await fetch(`${http.url}/api/runs/${runId}/sources`)).json();
    const tower = sources.find((source: { url: string }) => source.url.endsWith('/eiffel-tower'));
    expect(tower.images.map((image: { url: string }) => image.url)).toEqual([
      `${world.pages.origin}/media/tower-1889.jpg`,
      `${world.pages.origin}/lazy/lattice.webp`,
      `${world.pages.origin}/media/night.jpg`,
    ]);
    // The reader never fetched an image.
    expect(world.pages.requests.map((request) => request.path)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/\.(jpg|webp|gif|svg)$/)]),
    );
  });

  it('takes the earlier answer back with its image annotations in a follow-up, reading its sources instead of searching', async () => {
    const first = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: QUESTION }],
      // @ts-expect-error DeepResearch's extra field
      with_images: true,
    });
    const earlier = first.choices[0]?.message;
    expect(imagesOf((earlier?.annotations ?? []) as Annotation[]).length).toBeGreaterThan(0);
    const searchesBefore = world.search.queries.length;
    const followUp = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [
        { role: 'user', content: QUESTION },
        // Sent back as the client got it: the image annotations beside the citations.
        { role: 'assistant', content: earlier?.content ?? '', annotations: earlier?.annotations ?? [] },
        { role: 'user', content: 'How tall is the Eiffel Tower?' },
      ] as OpenAI.ChatCompletionMessageParam[],
      // @ts-expect-error DeepResearch's extra field
      with_images: true,
    });
    const message = followUp.choices[0]?.message;
    expect(message?.content).toContain('330');
    expect(world.search.queries.length).toBe(searchesBefore);
    expectPageImages(imagesOf((message?.annotations ?? []) as Annotation[]), message?.content ?? '');
  });

  it('streams them in the annotations chunk', async () => {
    const body = {
      model: 'deepresearch',
      messages: [{ role: 'user' as const, content: QUESTION }],
      stream: true as const,
    };
    const stream = await openai.chat.completions.create({ ...body, with_images: true } as typeof body);
    let answer = '';
    const annotations: Annotation[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta as { content?: string; annotations?: Annotation[] } | undefined;
      answer += delta?.content ?? '';
      annotations.push(...(delta?.annotations ?? []));
    }
    expectPageImages(imagesOf(annotations), answer);
  });

  it('leaves the annotations as the citations alone without with_images (or with false), streamed or not', async () => {
    const plain = await openai.chat.completions.create({
      model: 'deepresearch',
      messages: [{ role: 'user', content: QUESTION }],
    });
    const annotations = (plain.choices[0]?.message.annotations ?? []) as Annotation[];
    expect(annotations.length).toBeGreaterThan(0);
    expect(annotations.every((annotation) => annotation.type === 'url_citation')).toBe(true);
    const body = {
      model: 'deepresearch',
      messages: [{ role: 'user' as const, content: QUESTION }],
      stream: true as const,
    };
    const stream = await openai.chat.completions.create({ ...body, with_images: false } as typeof body);
    const streamed: Annotation[] = [];
    for await (const chunk of stream) {
      streamed.push(
        ...(((chunk.choices[0]?.delta as { annotations?: Annotation[] })?.annotations ?? []) as Annotation[]),
      );
    }
    expect(streamed.map((annotation) => annotation.type)).toEqual(annotations.map(() => 'url_citation'));
  });

  it('returns them as flat image_url annotations on /v1/responses, streamed and not', async () => {
    const response = await openai.responses.create({
      model: 'deepresearch',
      input: QUESTION,
      // @ts-expect-error DeepResearch's extra field
      with_images: true,
    });
    const text = response.output_text;
    const part = response.output.flatMap((item) => (item.type === 'message' ? item.content : []))[0];
    const flat = (
      (part?.type === 'output_text' ? part.annotations : []) as unknown as ({
        type: string;
      } & ImageAnnotation)[]
    ).filter((annotation) => annotation.type === 'image_url');
    expectPageImages(flat, text);

    // Fetched again, the response has them when asked again (it does not remember the request).
    const annotationsAt = async (query: string) => {
      const fetched = await (await fetch(`${http.url}/v1/responses/${response.id}${query}`)).json();
      return fetched.output.find((item: { type: string }) => item.type === 'message').content[0]
        .annotations as { type: string; url: string }[];
    };
    const again = (await annotationsAt('?with_images=true')).filter(
      (annotation) => annotation.type === 'image_url',
    );
    expect(again.map((annotation) => annotation.url)).toEqual(flat.map((annotation) => annotation.url));
    expect((await annotationsAt('')).every((annotation) => annotation.type === 'url_citation')).toBe(true);
    const refused = await fetch(`${http.url}/v1/responses/${response.id}?with_images=yes`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ param: 'with_images' });

    // DeepResearch's extra field, beside OpenAI's streaming parameters.
    const body = { model: 'deepresearch', input: QUESTION, stream: true as const };
    const stream = await openai.responses.create({ ...body, with_images: true } as typeof body);
    const added: ({ type: string } & ImageAnnotation)[] = [];
    let streamedText = '';
    for await (const event of stream) {
      if (event.type === 'response.output_text.annotation.added')
        added.push(event.annotation as { type: string } & ImageAnnotation);
      if (event.type === 'response.output_text.done') streamedText = event.text;
    }
    expectPageImages(
      added.filter((annotation) => annotation.type === 'image_url'),
      streamedText,
    );
  });

  it('answers with_images: "yes" with a 400 naming the field, on both endpoints, starting no run', async () => {
    const before = (await server.store.listRuns({ limit: 100 })).runs.length;
    for (const [path, body] of [
      ['/v1/chat/completions', { messages: [{ role: 'user', content: QUESTION }] }],
      ['/v1/responses', { input: QUESTION }],
    ] as const) {
      const response = await fetch(`${http.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'deepresearch', ...body, with_images: 'yes' }),
      });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error).toMatchObject({ type: 'invalid_request_error', param: 'with_images' });
      expect(error.message).toContain('"with_images"');
      expect(error.message).toMatch(/true or false/);
    }
    expect((await server.store.listRuns({ limit: 100 })).runs.length).toBe(before);
  });
});
