/** Heading of the follow-up questions in the CLI's output and the reports. */
export const FOLLOW_UPS_HEADING = 'Questions worth asking next';

/** The follow-up questions as a markdown section; empty when there are none. */
export function followUpsMarkdown(result: { followUps?: readonly string[] }): string {
  const questions = result.followUps ?? [];
  if (questions.length === 0) return '';
  return `## ${FOLLOW_UPS_HEADING}\n\n${questions.map((question) => `- ${question}`).join('\n')}`;
}
