/**
 * The bench's own ear on the cluster: listens to the store's event announcements
 * (`NOTIFY deepresearch_events`, sent when an append commits) and keeps when each arrived, so a
 * delivery delay splits into "stored and announced" and "announced → client".
 */
import pg from 'pg';
import { EVENTS_CHANNEL } from '../../src/store/postgres/index.js';

/** Arrival times (ms since the epoch) of announcements, keyed `run id:index`. */
export interface Announcements {
  heard: Map<string, number>;
  stop(): Promise<void>;
}

export async function listenToAnnouncements(url: string): Promise<Announcements> {
  const heard = new Map<string, number>();
  const client = new pg.Client({ connectionString: url });
  client.on('notification', (message) => {
    if (message.payload && !heard.has(message.payload)) heard.set(message.payload, Date.now());
  });
  client.on('error', () => undefined);
  await client.connect();
  await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  return { heard, stop: () => client.end() };
}
