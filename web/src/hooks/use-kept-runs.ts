import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/index.js';

/**
 * Which of these runs this server keeps and lets this reader open: true once `GET /api/runs/:id`
 * answered, false when it refused (a run made on the command line with `--db` leaves a memory but
 * no run; another owner's run is not shown), absent while unknown. A memory is linked only to a
 * run that opens, so no link leads to "Could not load run".
 */
export function useKeptRuns(api: ApiClient, runIds: readonly string[]): ReadonlyMap<string, boolean> {
  const [kept, setKept] = useState<ReadonlyMap<string, boolean>>(new Map());
  const key = runIds.join('\n');
  useEffect(() => {
    let live = true;
    const ids = key ? key.split('\n') : [];
    for (const id of ids) {
      api.getRun(id).then(
        () => live && setKept((known) => new Map(known).set(id, true)),
        () => live && setKept((known) => new Map(known).set(id, false)),
      );
    }
    return () => {
      live = false;
    };
  }, [api, key]);
  return kept;
}
