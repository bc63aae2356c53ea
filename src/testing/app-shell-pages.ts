import type { FakePage } from './fake-page-server.js';

/** The sentence the app-shell page's script writes into it: present only when a browser ran the page. */
export const APP_SHELL_FACT =
  'The Harbor Lighthouse was first lit on 14 March 1871 and its lamp can be seen from 22 nautical miles away.';

/** Paragraphs the script adds around the fact, so the rendered page reads as an article. */
const APP_SHELL_STORY = [
  'Built of granite quarried on the island, the tower stands 38 metres above the high-water mark.',
  APP_SHELL_FACT,
  'Keepers lived in the cottage at its foot until the light was automated in 1984.',
];

/** The data endpoint the app shell fetches its story from. */
const STORY_JSON = JSON.stringify({ title: 'The Harbor Lighthouse', paragraphs: APP_SHELL_STORY });

/**
 * Pages for the fake page server: `/app` is an app shell (an empty root and a script that fetches
 * `/api/story` and fills the root), `/static` an ordinary article. `privateTargets` are addresses the
 * app shell's hostile twin `/hostile` tries to reach through an image, an iframe, fetch, a redirect
 * (via `/bounce`) and a WebSocket: a reader honouring its address rules reaches none of them.
 */
export function appShellPages(privateTargets: {
  direct: string;
  redirect: string;
}): Record<string, FakePage> {
  const fill = `
    fetch('/api/story').then((response) => response.json()).then((story) => {
      const root = document.getElementById('root');
      root.innerHTML = '<article><h1></h1></article>';
      root.querySelector('h1').textContent = story.title;
      for (const text of story.paragraphs) {
        const paragraph = document.createElement('p');
        paragraph.textContent = text;
        root.querySelector('article').appendChild(paragraph);
      }
    });`;
  const shell = (extra: string) =>
    `<!doctype html><html lang="en"><head><title>The Harbor Lighthouse</title></head><body><div id="root">Loading…</div>${extra}<script>${fill}</script></body></html>`;
  return {
    '/app': shell(''),
    '/api/story': { body: STORY_JSON, contentType: 'application/json' },
    '/hostile': shell(`
      <img src="http://169.254.169.254/latest/meta-data/">
      <img src="${privateTargets.direct}/image.png">
      <iframe src="http://10.0.0.7/admin"></iframe>
      <script>
        fetch('${privateTargets.direct}/secret').catch(() => {});
        fetch('/bounce').catch(() => {});
        try { new WebSocket('ws://10.0.0.8/socket'); } catch {}
      </script>`),
    '/bounce': { status: 302, headers: { location: `${privateTargets.redirect}/after-redirect` } },
    '/static': `<!doctype html><html lang="en"><head><title>Granite towers</title></head><body><article><h1>Granite towers</h1><p>${APP_SHELL_STORY[0]} Granite weathers slowly, which is why many nineteenth-century lighthouses on exposed coasts were built of it rather than of brick or timber.</p></article></body></html>`,
  };
}
