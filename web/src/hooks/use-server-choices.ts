import { useEffect, useState } from 'react';
import type { CorpusInfo, ServerSettings } from '../../../src/contract/index.js';
import type { ApiClient } from '../api/index.js';

/** What this server offers a new run: its settings (model, search providers) and its registered corpora. */
export interface ServerChoices {
  /** Undefined until loaded, or when the server did not say: empty fields then use its defaults. */
  settings?: ServerSettings;
  /** None on a server without corpora (or an older one): the option does not show. */
  corpora: CorpusInfo[];
}

/** Loads the server's choices once per client; a failure leaves the form working on defaults. */
export function useServerChoices(api: ApiClient): ServerChoices {
  const [settings, setSettings] = useState<ServerSettings>();
  const [corpora, setCorpora] = useState<CorpusInfo[]>([]);
  useEffect(() => {
    let live = true;
    api.getSettings().then(
      (loaded) => live && setSettings(loaded),
      () => undefined,
    );
    api.listCorpora().then(
      (list) => live && setCorpora(list.corpora),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return { settings, corpora };
}
