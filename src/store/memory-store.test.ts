import { runStoreContract } from '../testing/vitest/run-store-contract.js';
import { createMemoryStore } from './memory-store.js';

runStoreContract('memory', () => createMemoryStore());
