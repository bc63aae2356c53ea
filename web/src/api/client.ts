import type {
  CorpusList,
  EvalDetail,
  EvalList,
  MetricsReport,
  ReportFormat,
  ResearchEvent,
  RunDetail,
  RunList,
  RunOptionsInput,
  ServerSettings,
  VerifyReport,
} from '../../../src/contract/index.js';

/** A failed API call: the server's `{ error: { code, message, field? } }`, or a network failure. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field: string | undefined;
  constructor(options: { code: string; message: string; status: number; field?: string }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.field = options.field;
  }
}

export interface ApiClientOptions {
  /** Origin and prefix of the server (default: same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** The bearer token of a server started with --auth-token, read at each call. */
  getToken?: () => string | undefined;
}

async function errorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const error =
    typeof body === 'object' && body !== null && 'error' in body
      ? (body.error as { code?: string; message?: string; field?: string })
      : undefined;
  return new ApiError({
    code: error?.code ?? 'http_error',
    message: error?.message ?? `The server answered ${response.status} ${response.statusText}.`,
    status: response.status,
    ...(error?.field ? { field: error.field } : {}),
  });
}

/** The UI's only way to reach the network: its own server's `/api`. */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const fetchImplementation = options.fetch ?? ((input, init) => fetch(input, init));
  // Links and EventSource cannot send headers; the server takes the token as `access_token` on GET.
  const withToken = (url: string) => {
    const token = options.getToken?.();
    if (!token) return url;
    return `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
  };

  async function request<T>(path: string, init?: RequestInit): Promise<T> {
    let response: Response;
    try {
      const token = options.getToken?.();
      const headers = new Headers(init?.headers);
      if (token) headers.set('authorization', `Bearer ${token}`);
      response = await fetchImplementation(`${baseUrl}${path}`, { ...init, headers });
    } catch (cause) {
      throw new ApiError({
        code: 'network',
        message: `Could not reach the server (${cause instanceof Error ? cause.message : String(cause)}).`,
        status: 0,
      });
    }
    if (!response.ok) throw await errorOf(response);
    return (await response.json()) as T;
  }
  const post = <T>(path: string, body?: unknown) =>
    request<T>(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  return {
    startRun: (question: string, runOptions: RunOptionsInput) =>
      post<{ id: string; status: string }>('/api/runs', { question, options: runOptions }),
    listRuns: (query: { limit?: number; cursor?: string } = {}) => {
      const search = new URLSearchParams();
      if (query.limit) search.set('limit', String(query.limit));
      if (query.cursor) search.set('cursor', query.cursor);
      const suffix = search.size > 0 ? `?${search}` : '';
      return request<RunList>(`/api/runs${suffix}`);
    },
    getRun: (id: string) => request<RunDetail>(`/api/runs/${encodeURIComponent(id)}`),
    /** Stored events with `index > after`, in order. */
    listEvents: (id: string, after = -1) =>
      request<ResearchEvent[]>(`/api/runs/${encodeURIComponent(id)}/events?format=json&after=${after}`),
    cancelRun: (id: string) => post<RunDetail>(`/api/runs/${encodeURIComponent(id)}/cancel`),
    /** Answers a run waiting for input (`needs_input`); it is queued again. */
    answerRun: (id: string, body: unknown) =>
      post<RunDetail>(`/api/runs/${encodeURIComponent(id)}/input`, body),
    /** Continues an interrupted run from its stored knowledge; it is queued again. */
    resumeRun: (id: string) => post<RunDetail>(`/api/runs/${encodeURIComponent(id)}/resume`),
    /** Evaluations of the server's eval folders, newest first. */
    listEvals: () => request<EvalList>('/api/evals'),
    getEval: (id: string) => request<EvalDetail>(`/api/evals/${encodeURIComponent(id)}`),
    /** The server's default model and search, the models a client may name, the usable providers. */
    getSettings: () => request<ServerSettings>('/api/settings'),
    /** The corpora the server registered (`serve --corpus`), by id. */
    listCorpora: () => request<CorpusList>('/api/corpora'),
    getMetrics: (window: string) =>
      request<MetricsReport>(`/api/metrics?window=${encodeURIComponent(window)}`),
    /**
     * Starts a run that follows up an earlier one, whose findings it starts from (`followUpOf`); the
     * server's own options apply.
     */
    startFollowUp: (question: string, followUpOf: string) =>
      post<{ id: string; status: string }>('/api/runs', { question, options: { followUpOf } }),
    /** URL of the report download (markdown, HTML, PDF or DOCX). */
    reportUrl: (id: string, format: ReportFormat) =>
      withToken(
        `${baseUrl}/api/runs/${encodeURIComponent(id)}/report${format === 'markdown' ? '' : `?format=${format}`}`,
      ),
    /** Re-checks the run's quotes against its archive, and with `live` against the pages as they are now. */
    verifyRun: (id: string, live: boolean) =>
      post<VerifyReport>(`/api/runs/${encodeURIComponent(id)}/verify`, { live }),
    /** URL of the run's archive download (`.warc.gz`, served as an attachment, never rendered). */
    archiveUrl: (id: string) => withToken(`${baseUrl}/api/runs/${encodeURIComponent(id)}/archive`),
    /** URL of the screenshot of the run's `n`th source (from 1), for an `<img>`. */
    screenshotUrl: (id: string, n: number) =>
      withToken(`${baseUrl}/api/runs/${encodeURIComponent(id)}/sources/${n}/screenshot`),
    eventsUrl: (id: string, after: number) =>
      withToken(`${baseUrl}/api/runs/${encodeURIComponent(id)}/events?after=${after}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
