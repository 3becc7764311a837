import { CheckCircleIcon } from '../../../components/ui/icons.tsx';
import './wizard-steps.css';

/** The step indicator of a wizard: done steps ticked, the current one marked for screen readers too. */
export function WizardSteps({ titles, current }: { titles: readonly string[]; current: number }) {
  return (
    <nav aria-label="Fortschritt der Registrierung" className="wizard-steps" data-testid="wizard-steps">
      <p className="wizard-steps__count">
        Schritt {current + 1} von {titles.length}
      </p>
      <ol className="wizard-steps__list">
        {titles.map((title, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
          return (
            <li
              key={title}
              className={`wizard-steps__item is-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="wizard-steps__marker" aria-hidden="true">
                {state === 'done' ? <CheckCircleIcon size={18} /> : index + 1}
              </span>
              <span className="wizard-steps__title">
                {title}
                {state === 'done' && <span className="visually-hidden"> (erledigt)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
