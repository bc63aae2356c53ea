export { openPostgresCluster } from './cluster.js';

export {
  EVENTS_CHANNEL,
  openPostgresStore,
} from './postgres-store.js';
