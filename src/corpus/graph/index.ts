export { pageRank } from './pagerank.js';
export { referenceEdges, storeCentrality, toIndexes } from './reference-graph.js';
