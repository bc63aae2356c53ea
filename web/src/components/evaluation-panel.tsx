import { type AnswerEvaluation, isLive, type RunStatus } from '../../../src/contract/index.js';
import { claimCheckOf, type EvaluationAttempt, type EvaluationState } from '../state/index.js';

/** The attempt's sentences checked against their quotes: the support rate, what is not supported, what nobody checked. */
function AttemptClaims({ attempt, status }: { attempt: EvaluationAttempt; status: RunStatus }) {
  if (!attempt.claims) return null;
  const { support, unsupported, unchecked } = claimCheckOf(
    attempt.claims.verdicts,
    attempt.claims.summary,
    status,
  );
  if (!support && !unchecked) return null;
  return (
    <div className="attempt-claims">
      {support && <p>{support}</p>}
      {unchecked && <p className="muted">{unchecked}</p>}
      {unsupported.length > 0 && (
        <ul className="unsupported-list">
          {unsupported.map((claim) => (
            <li key={claim.text}>
              <span className="is-failed" role="img" aria-label="unsupported">
                ✗
              </span>{' '}
              <strong>{claim.text}</strong> <span className="muted">— {claim.reason}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const SCORE_LABELS: [keyof AnswerEvaluation['scores'], string][] = [
  ['relevance', 'Relevance'],
  ['accuracy', 'Accuracy'],
  ['completeness', 'Completeness'],
  ['sourceQuality', 'Source quality'],
];

/** The final grade of the answer: four scores out of 10 and what is strong, weak and worth doing. */
function FinalEvaluation({ final }: { final: AnswerEvaluation }) {
  const lists: [string, string[]][] = [
    ['Strengths', final.strengths],
    ['Weaknesses', final.weaknesses],
    ['Recommendations', final.recommendations],
  ];
  return (
    <section className="attempt" data-testid="final-evaluation">
      <h3>
        Final evaluation {final.method === 'measured' && <span className="badge is-cancelled">measured</span>}
      </h3>
      <table className="checks">
        <tbody>
          {SCORE_LABELS.map(([key, label]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>{final.scores[key]} / 10</td>
            </tr>
          ))}
        </tbody>
      </table>
      {lists
        .filter(([, items]) => items.length > 0)
        .map(([title, items]) => (
          <div key={title}>
            <h4>{title}</h4>
            <ul>
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
    </section>
  );
}

/**
 * The claims check and the evaluator's checks and verdict for every answer attempt. Once the run has ended, an attempt
 * without a verdict was never judged (e.g. the final answer written after a cap fired).
 */
export function EvaluationPanel({ evaluation, status }: { evaluation: EvaluationState; status: RunStatus }) {
  const live = isLive(status);
  if (evaluation.attempts.length === 0 && !evaluation.final) {
    return <p className="muted">No answer has been evaluated yet.</p>;
  }
  return (
    <div data-testid="evaluation">
      {evaluation.final && <FinalEvaluation final={evaluation.final} />}
      {evaluation.attempts.map((attempt) => (
        <section key={attempt.attempt} className="attempt">
          <h3>
            Attempt {attempt.attempt}{' '}
            {attempt.verdict ? (
              <span className={`badge ${attempt.verdict.pass ? 'is-completed' : 'is-failed'}`}>
                {attempt.verdict.pass ? 'accepted' : 'rejected'}
              </span>
            ) : live ? (
              <span className="badge is-running">evaluating</span>
            ) : (
              <span className="badge is-cancelled">not evaluated</span>
            )}
          </h3>
          <AttemptClaims attempt={attempt} status={status} />
          {attempt.verdict && (
            <table className="checks">
              <tbody>
                {attempt.verdict.checks.map((check) => (
                  <tr key={check.type}>
                    <td className={check.pass ? 'is-ok' : 'is-failed'}>{check.pass ? '✓' : '✗'}</td>
                    <th scope="row">{check.type}</th>
                    <td>{check.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}
