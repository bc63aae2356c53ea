import { DeepResearchError } from '../../errors.js';

/** A person's input that cannot be applied: `field` names the part at fault (`answers[1]`). */
export class InputError extends DeepResearchError {
  override readonly code = 'invalid_input';
  /** Dotted path of the field at fault, e.g. `subQuestions[2].text`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super({ code: 'invalid_input', kind: 'user', message });
    this.field = field;
  }
}
