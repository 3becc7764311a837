import type { FormErrors } from '../../../lib/form.ts';
import type { BuilderValues } from '../builder/builder-values.ts';

/** What each builder tab gets: the values, their errors, and a patch function (`touched` clears those errors). */
export type PanelProps = {
  values: BuilderValues;
  errors: FormErrors;
  update: (patch: Partial<BuilderValues>, touched?: readonly string[]) => void;
};
