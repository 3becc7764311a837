import { APEX_DOMAIN_PATTERN } from '../tenant/tenant.ts';

/**
 * What a web build must be given (issue 14 "deployable build"), checked by web/vite.config.ts before
 * `vite build` starts. Only the modes in LOCAL_BUILD_MODES build the local test-card form, which talks
 * to the Stripe stand-in through `/stripe-local`: `npm start` (the dev server, mode development) and
 * the browser tests (`vite build --mode stand-in`). Every other build — `vite build`, mode production —
 * is a deployable one and refuses to build without live Stripe, a publishable key and the apex domain.
 */
export const LOCAL_BUILD_MODES: readonly string[] = ['development', 'stand-in'];

/** The stand-in's key (scripts/dev/stripe-stand-in.ts): never valid in a deployable build. */
const STAND_IN_KEY = 'pk_test_local';
const PUBLISHABLE_KEY = /^pk_(live|test)_[A-Za-z0-9]+$/;

/** The problems of a deployable build's environment, one line each; empty when it may build. */
export function deployableBuildProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const problems: string[] = [];
  const shown = (value: string | undefined) => (value ? `"${value}"` : 'unset');
  const mode = env.VITE_STRIPE_MODE?.trim();
  if (mode !== 'live') problems.push(`VITE_STRIPE_MODE must be "live" (is ${shown(mode)})`);
  const key = env.VITE_STRIPE_PUBLISHABLE_KEY?.trim();
  if (!key || key === STAND_IN_KEY || !PUBLISHABLE_KEY.test(key))
    problems.push(
      `VITE_STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key pk_live_…/pk_test_… (is ${shown(key)})`,
    );
  const apex = env.VITE_APEX_DOMAIN?.trim();
  if (!apex || !APEX_DOMAIN_PATTERN.test(apex))
    problems.push(`VITE_APEX_DOMAIN must be the bare domain tenant shops are subdomains of (is ${shown(apex)})`);
  return problems;
}

/**
 * Throws one line naming every problem when a build of `mode` is deployable and its environment is
 * incomplete; local modes build anything.
 */
export function assertWebBuild(mode: string, env: Readonly<Record<string, string | undefined>>): void {
  if (LOCAL_BUILD_MODES.includes(mode)) return;
  const problems = deployableBuildProblems(env);
  if (problems.length === 0) return;
  throw new Error(
    `Web build (mode ${mode}) refused: ${problems.join('; ')}. A local build with the test-card form: vite build --mode stand-in.`,
  );
}
