import type { ComponentType } from 'react';

export type Step = { icon: ComponentType<{ size?: number }>; title: string; text: string };

type StepListProps = {
  steps: readonly Step[];
  /** The steps' heading level under the section that holds them. */
  heading: 'h2' | 'h3';
  iconSize: number;
  className?: string;
  label?: string;
  testId?: string;
};

/** Numbered steps with an icon, a title and a line of text ('So funktioniert’s' on the home and seller pages). */
export function StepList({ steps, heading: Heading, iconSize, className, label, testId }: StepListProps) {
  return (
    <ol className={className ? `steps ${className}` : 'steps'} aria-label={label} data-testid={testId}>
      {steps.map(({ icon: Icon, title, text }, index) => (
        <li key={title} className="step">
          <span className="step__number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="feature-icon" aria-hidden="true">
            <Icon size={iconSize} />
          </span>
          <Heading className="step__title">{title}</Heading>
          <p className="step__text">{text}</p>
        </li>
      ))}
    </ol>
  );
}
