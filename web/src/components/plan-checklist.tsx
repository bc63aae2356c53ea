import { type PlanState, perspectiveName, planProgress } from '../state/index.js';

/** The plan's sub-questions as a checklist that ticks as they are answered. */
export function PlanChecklist({ plan }: { plan: PlanState }) {
  const { closed, total } = planProgress(plan);
  return (
    <div>
      <p className="muted">{total === 0 ? 'No plan yet.' : `${closed} of ${total} answered`}</p>
      <ul className="checklist">
        {plan.items.map((item) => (
          <li key={item.id} className={item.status === 'closed' ? 'is-closed' : ''}>
            <span className="check" role="img" aria-label={item.status === 'closed' ? 'answered' : 'open'}>
              {item.status === 'closed' ? '☑' : '☐'}
            </span>
            <span>
              {item.text} <span className="tag">{item.intent}</span>
              {perspectiveName(plan, item) && <span className="tag">{perspectiveName(plan, item)}</span>}
              {item.origin === 'critique' && <span className="tag">gap</span>}
              {item.note && <span className="muted"> — {item.note}</span>}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
