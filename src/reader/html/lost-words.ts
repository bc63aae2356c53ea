import { isText } from './dom.js';
import { type InlineRun, inlineRunsOf, runText } from './runs.js';
import type { Element, Node, Text } from './tree/index.js';

/** A run of the chosen content, as it read before pruning. */
export interface RunSnapshot {
  /** The run's text nodes with words in them: the run is kept at all when one of them is. */
  textNodes: Text[];
  /** The run's text without whitespace. */
  text: string;
}

function withoutSpace(text: string): string {
  return text.replace(/[\s\u200b]+/g, '');
}

function textNodesOf(run: InlineRun): Text[] {
  const nodes: Text[] = [];
  const walk = (node: Node) => {
    if (isText(node)) {
      if (node.data.trim() !== '') nodes.push(node);
      return;
    }
    for (const child of node.childNodes) walk(child);
  };
  for (const node of run.nodes) walk(node);
  return nodes;
}

/** The runs of the chosen content, before anything is pruned from it. */
export function snapshotRuns(chosen: Element[]): RunSnapshot[] {
  return inlineRunsOf(chosen)
    .map((run) => ({ textNodes: textNodesOf(run), text: withoutSpace(runText(run)) }))
    .filter((snapshot) => snapshot.textNodes.length > 0);
}

/**
 * The runs that were kept at all (one of their text nodes is still in the content) but whose whole
 * text is not in the output: words lost from a kept paragraph. Each is returned as it read before.
 */
export function lostRuns(snapshots: RunSnapshot[], content: Element[], output: string): string[] {
  const written = withoutSpace(output);
  return snapshots
    .filter(
      (snapshot) =>
        snapshot.textNodes.some((node) => content.some((root) => root.contains(node))) &&
        !written.includes(snapshot.text),
    )
    .map((snapshot) => snapshot.text);
}
