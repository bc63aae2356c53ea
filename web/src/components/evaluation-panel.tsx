import { describeSupport } from '../events.js';
import type { EvaluationAttempt, EvaluationState } from '../state/index.js';

/** The attempt's sentences checked against their quotes: the support rate and what is not supported. */
function AttemptClaims({ attempt }: { attempt: EvaluationAttempt }) {
  const support = describeSupport(attempt.claims?.summary);
  if (!attempt.claims || !support) return null;
  const unsupported = attempt.claims.verdicts.filter((claim) => claim.verdict === 'unsupported');
  return (
    <div className="attempt-claims">
      <p>{support}</p>
      {unsupported.length > 0 && (
        <table className="checks">
          <tbody>
            {unsupported.map((claim) => (
              <tr key={claim.text}>
                <td className="is-failed">✗</td>
                <th scope="row">{claim.text}</th>
                <td>{claim.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * The claims check and the evaluator's checks and verdict for every answer attempt. Once the run has ended, an attempt
 * without a verdict was never judged (e.g. the final answer written after a cap fired).
 */
export function EvaluationPanel({ evaluation, live }: { evaluation: EvaluationState; live: boolean }) {
  if (evaluation.attempts.length === 0) {
    return <p className="muted">No answer has been evaluated yet.</p>;
  }
  return (
    <div className="scroll" data-testid="evaluation">
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
          <AttemptClaims attempt={attempt} />
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
