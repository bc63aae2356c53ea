import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client.js';

function recordingFetch(response: Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), ...(init ? { init } : {}) });
    return response.clone();
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

describe('createApiClient', () => {
  it('starts a run with the question and options as JSON', async () => {
    const { calls, fetch } = recordingFetch(Response.json({ id: 'r1', status: 'queued' }, { status: 201 }));
    const api = createApiClient({ fetch });
    expect(await api.startRun('Why?', { report: true })).toEqual({ id: 'r1', status: 'queued' });
    expect(calls[0]?.url).toBe('/api/runs');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ question: 'Why?', options: { report: true } });
  });

  it('starts a follow-up run with the earlier run as its context', async () => {
    const { calls, fetch } = recordingFetch(Response.json({ id: 'r2', status: 'queued' }, { status: 201 }));
    const api = createApiClient({ fetch });
    expect(await api.startFollowUp('What did it cost?', 'r1')).toEqual({ id: 'r2', status: 'queued' });
    expect(calls[0]?.url).toBe('/api/runs');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({
      question: 'What did it cost?',
      options: { followUpOf: 'r1' },
    });
  });

  it("turns the server's error body into an ApiError naming the code and field", async () => {
    const body = {
      error: {
        code: 'invalid_request',
        message: 'tokenBudget must be positive',
        field: 'options.tokenBudget',
      },
    };
    const { fetch } = recordingFetch(Response.json(body, { status: 400 }));
    const error = await createApiClient({ fetch })
      .startRun('Why?', {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'invalid_request', status: 400, field: 'options.tokenBudget' });
  });

  it('reports an unreachable server as a network error', async () => {
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await expect(createApiClient({ fetch }).listRuns()).rejects.toMatchObject({ code: 'network', status: 0 });
  });

  it('asks for stored events after an index, and builds export and stream URLs for a run', async () => {
    const { calls, fetch } = recordingFetch(Response.json([]));
    const api = createApiClient({ fetch });
    await api.listEvents('a b', 4);
    expect(calls[0]?.url).toBe('/api/runs/a%20b/events?format=json&after=4');
    expect(api.reportUrl('r1', 'html')).toBe('/api/runs/r1/report?format=html');
    expect(api.reportUrl('r1', 'markdown')).toBe('/api/runs/r1/report');
    expect(api.reportUrl('r1', 'pdf')).toBe('/api/runs/r1/report?format=pdf');
    expect(api.reportUrl('r1', 'docx')).toBe('/api/runs/r1/report?format=docx');
    expect(api.eventsUrl('r1', 7)).toBe('/api/runs/r1/events?after=7');
  });

  it('sends the bearer token as a header, and as access_token on links and the event stream', async () => {
    const { calls, fetch } = recordingFetch(Response.json({ runs: [] }));
    const api = createApiClient({ fetch, getToken: () => 's3cret' });
    await api.listRuns({ limit: 1 });
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer s3cret');
    expect(api.eventsUrl('r1', -1)).toBe('/api/runs/r1/events?after=-1&access_token=s3cret');
    expect(api.reportUrl('r1', 'markdown')).toBe('/api/runs/r1/report?access_token=s3cret');
  });
});
