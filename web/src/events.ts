/**
 * The shared vocabulary (events, statuses, references, API shapes, presets, provider ids, the metrics
 * fold) as the UI imports it. `src/contract` imports nothing, so only it is bundled, never the engine.
 */
export * from '../../src/contract/index.js';
