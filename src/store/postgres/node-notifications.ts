import pg from 'pg';
import type { ClusterListener } from '../cluster.js';
import { EVENTS_CHANNEL } from './postgres-store.js';

/** Wait before connecting again after the listening connection was lost, in milliseconds. */
const RECONNECT_MS = 500;

/**
 * Listens on one dedicated connection for the store's event announcements (`<run id>:<index>`)
 * and the nodes' control messages (`end:<run id>`, `cancel:<run id>`, `queued:`); a lost connection is
 * opened again and the listener told, since anything in between was missed. Resolves once listening;
 * rejects when the first connection fails.
 */
export async function listenToNodes(options: {
  url: string;
  controlChannel: string;
  listener: ClusterListener;
}): Promise<() => Promise<void>> {
  const { listener } = options;
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const onNotification = (message: pg.Notification) => {
    const payload = message.payload ?? '';
    if (message.channel === EVENTS_CHANNEL) {
      const split = payload.lastIndexOf(':');
      const index = Number(payload.slice(split + 1));
      if (split > 0 && Number.isInteger(index)) listener.onEvent(payload.slice(0, split), index);
      return;
    }
    if (payload.startsWith('end:')) listener.onEnd(payload.slice(4));
    else if (payload.startsWith('cancel:')) listener.onCancel(payload.slice(7));
    else if (payload.startsWith('queued:')) listener.onQueued();
  };

  const connect = async (reconnecting: boolean) => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', onNotification);
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next && !stopped) {
        client = undefined;
        timer = setTimeout(() => void connect(true), RECONNECT_MS);
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      await next.query(`LISTEN ${options.controlChannel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      if (!reconnecting) throw error;
      if (!stopped) timer = setTimeout(() => void connect(true), RECONNECT_MS);
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    if (reconnecting) listener.onReconnect();
  };
  await connect(false);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
