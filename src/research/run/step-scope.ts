import type { ResearchEvent, ResearchEventPayload, ToolName } from '../../contract/index.js';

/** An emitter for one unit of work that can be closed when the work is cut off. */
export interface StepScope {
  emit: (payload: ResearchEventPayload) => ResearchEvent | undefined;
  /**
   * Ends the scope: every tool call still open gets an `ok: false` result with the given code, and
   * later events from the abandoned work (a model or fetch that answers too late) are dropped, so
   * nothing appears after the run has moved on or ended.
   */
  close: (interruption?: { code: string; message: string }) => void;
}

export function createStepScope(emit: (payload: ResearchEventPayload) => ResearchEvent): StepScope {
  const open = new Map<string, { tool: ToolName; startedAt: number }>();
  let closed = false;
  return {
    emit(payload) {
      if (closed) return undefined;
      if (payload.type === 'tool-call')
        open.set(payload.callId, { tool: payload.tool, startedAt: performance.now() });
      if (payload.type === 'tool-result') open.delete(payload.callId);
      return emit(payload);
    },
    close(interruption) {
      if (closed) return;
      if (interruption) {
        for (const [callId, call] of open) {
          emit({
            type: 'tool-result',
            callId,
            tool: call.tool,
            ok: false,
            durationMs: Math.round(performance.now() - call.startedAt),
            summary: `interrupted: ${interruption.message}`,
            error: interruption,
          });
        }
      }
      open.clear();
      closed = true;
    },
  };
}
