import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/constructs/api-function.ts';

/** The deploy workflow's promises (issue 14), read from its text: each job is the block under `  <name>:`. */
const workflow = readFileSync(path.join(REPO_ROOT, '.github/workflows/deploy.yml'), 'utf8');
function job(name: string): string {
  const match = new RegExp(`^  ${name}:\\n((?:    .*\\n|\\s*\\n)+)`, 'm').exec(workflow);
  if (!match) throw new Error(`deploy.yml has no job ${name}`);
  return match[1]!;
}

describe('deploy workflow', () => {
  it('runs only for main, and the whole test suite gates the deploy', () => {
    expect(workflow).toMatch(/on:\n {2}push:\n {4}branches: \[main\]/);
    expect(job('test')).toContain('run: bash .ci/run');
    const deploy = job('deploy');
    expect(deploy).toMatch(/^ {4}needs: test$/m);
    expect(deploy).toMatch(/^ {4}if: github\.ref == 'refs\/heads\/main'$/m);
  });

  it('deploys through the protected production environment with OIDC, no stored keys', () => {
    const deploy = job('deploy');
    expect(deploy).toMatch(/^ {4}environment:\n {6}name: production$/m);
    expect(deploy).toContain('id-token: write');
    expect(deploy).toContain('aws-actions/configure-aws-credentials');
    expect(workflow).not.toMatch(/aws-access-key-id|AWS_SECRET_ACCESS_KEY/);
  });

  it('builds the web live, lets the CDK app upload it, then smoke-tests the stage', () => {
    const deploy = job('deploy');
    const order = [
      'export VITE_STRIPE_MODE=live',
      'export VITE_STRIPE_PUBLISHABLE_KEY=',
      'export VITE_APEX_DOMAIN=',
      'npm run build -w web',
      'npx cdk deploy --all --require-approval never $CDK_CONTEXT -c webDist=web/dist',
      'npm run smoke -- --url "$base"',
    ].map((step) => deploy.indexOf(step));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(deploy).toContain('SMOKE_PASSWORD: ${{ secrets.SMOKE_PASSWORD }}');
    // The CDK app is the only uploader: no sync that could delete the previous release's chunks.
    expect(workflow).not.toMatch(/s3 sync|--delete/);
  });
});
