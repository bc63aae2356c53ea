import type { InputRequest } from '../../contract/index.js';

/**
 * How a run asks the person who started it, in process (a terminal's prompt, a library caller):
 * resolves with their input to `request` (checked like an API body). Absent, the run pauses instead
 * (status `needs_input`) and is resumed with its stored events once answered.
 */
export type AskInput = (request: InputRequest, options: { signal?: AbortSignal }) => Promise<unknown>;
