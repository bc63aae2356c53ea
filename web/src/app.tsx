import { useEffect, useMemo } from 'react';
import { createApiClient, loadToken } from './api/index.js';
import {
  AskForm,
  Dashboard,
  EvalPage,
  EvalsPage,
  RunHistory,
  RunPage,
  TokenGate,
} from './components/index.js';
import { pathOf, type Route, useRoute } from './router.js';

/**
 * The whole UI: ask + history at `/`, a run at `/runs/:id`, the metrics dashboard at `/dashboard`,
 * evaluations at `/evals` and one at `/evals/:id`.
 */
export function App() {
  const api = useMemo(() => createApiClient({ getToken: loadToken }), []);
  const [route, navigate] = useRoute();
  const link = (target: Route, label: string) => (
    <a
      href={pathOf(target)}
      aria-current={
        route.page === target.page || (target.page === 'evals' && route.page === 'eval') ? 'page' : undefined
      }
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(target);
      }}
    >
      {label}
    </a>
  );
  const openRun = (id: string) => navigate({ page: 'run', id });
  // The run page names its tab after its question; the other pages say where you are.
  useEffect(() => {
    if (route.page === 'home') document.title = 'DeepResearch';
    if (route.page === 'dashboard') document.title = 'Dashboard — DeepResearch';
    if (route.page === 'evals') document.title = 'Evaluations — DeepResearch';
  }, [route.page]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">DeepResearch</span>
        <nav aria-label="Main">
          {link({ page: 'home' }, 'New & history')}
          {link({ page: 'dashboard' }, 'Dashboard')}
          {link({ page: 'evals' }, 'Evals')}
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <TokenGate api={api}>
          {route.page === 'home' && (
            <>
              <AskForm api={api} onStarted={openRun} />
              <RunHistory api={api} onOpen={openRun} />
            </>
          )}
          {route.page === 'run' && <RunPage key={route.id} api={api} runId={route.id} onOpenRun={openRun} />}
          {route.page === 'dashboard' && <Dashboard api={api} />}
          {route.page === 'evals' && <EvalsPage api={api} onOpen={(id) => navigate({ page: 'eval', id })} />}
          {route.page === 'eval' && (
            <EvalPage key={route.id} api={api} evalId={route.id} onOpenRun={openRun} />
          )}
        </TokenGate>
      </main>
    </>
  );
}
