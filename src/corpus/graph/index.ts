export { pageRank } from './pagerank.js';
export { referenceEdges, storeCentrality } from './reference-graph.js';
