import type { BuilderErrors } from '../builder/builder-fields.ts';
import type { BuilderControl } from './builder-controls.tsx';

/**
 * What each builder tab gets: the form's control (its inputs bind to it) and the current errors by the
 * contract's keys, for the messages that belong to a group rather than one input (date ranges, images).
 */
export type PanelProps = {
  control: BuilderControl;
  errors: BuilderErrors;
};
