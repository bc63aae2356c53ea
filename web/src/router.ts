import { useCallback, useEffect, useState } from 'react';

/** Pages of the UI; `/runs/:id` and `/evals/:id` are links that can be copied and reopened. */
export type Route =
  | { page: 'home' }
  | { page: 'run'; id: string }
  | { page: 'dashboard' }
  | { page: 'evals' }
  | { page: 'eval'; id: string };

/** The page an address shows; unknown paths show the home page. */
export function parseRoute(pathname: string): Route {
  const run = /^\/runs\/([^/]+)\/?$/.exec(pathname);
  if (run) return { page: 'run', id: decodeURIComponent(run[1]!) };
  if (/^\/dashboard\/?$/.test(pathname)) return { page: 'dashboard' };
  const evaluation = /^\/evals\/([^/]+)\/?$/.exec(pathname);
  if (evaluation) return { page: 'eval', id: decodeURIComponent(evaluation[1]!) };
  if (/^\/evals\/?$/.test(pathname)) return { page: 'evals' };
  return { page: 'home' };
}

/** The address of a page, for links and the history. */
export function pathOf(route: Route): string {
  if (route.page === 'run') return `/runs/${encodeURIComponent(route.id)}`;
  if (route.page === 'dashboard') return '/dashboard';
  if (route.page === 'evals') return '/evals';
  if (route.page === 'eval') return `/evals/${encodeURIComponent(route.id)}`;
  return '/';
}

/** The current route from the address bar, and `navigate` that pushes a new one. */
export function useRoute(): [Route, (route: Route) => void] {
  const [route, setRoute] = useState(() => parseRoute(window.location.pathname));
  useEffect(() => {
    const onPop = () => setRoute(parseRoute(window.location.pathname));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((next: Route) => {
    const path = pathOf(next);
    if (path !== window.location.pathname) window.history.pushState(null, '', path);
    setRoute(next);
    window.scrollTo({ top: 0 });
  }, []);
  return [route, navigate];
}
