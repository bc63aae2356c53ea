import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { type ApiClient, ApiError, loadToken, saveToken } from '../api/index.js';

/**
 * Asks for the bearer token when the server answers 401 (it was started with --auth-token), then
 * shows the app. Servers without auth never see the prompt.
 */
export function TokenGate({ api, children }: { api: ApiClient; children: ReactNode }) {
  const [state, setState] = useState<'checking' | 'open' | 'needs-token'>('checking');
  const [token, setToken] = useState('');
  const [message, setMessage] = useState('');
  const check = async () => {
    try {
      await api.listRuns({ limit: 1 });
      setState('open');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setState('needs-token');
        // Before any token was given the prompt says enough; a rejected token gets the reason.
        setMessage(loadToken() ? error.message : '');
      } else setState('open');
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks once per client
  useEffect(() => {
    void check();
  }, [api]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveToken(token.trim());
    void check();
  };
  if (state === 'open') return <>{children}</>;
  if (state === 'checking') return <p className="muted">Connecting…</p>;
  return (
    <form className="panel" onSubmit={submit} aria-label="Access token">
      <h1>Access token</h1>
      <p>This server needs the token it was started with (--auth-token).</p>
      <div className="ask-row">
        <label htmlFor="token" className="visually-hidden">
          Token
        </label>
        <input
          id="token"
          type="password"
          autoComplete="current-password"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <button type="submit" className="primary" disabled={!token.trim()}>
          Continue
        </button>
      </div>
      {message && (
        <p className="alert" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
