import { readFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
export default function setup(project: TestProject) {
  const { webUrl, apiUrl } = JSON.parse(readFileSync('/tmp/sv/stack.json', 'utf8')) as { webUrl: string; apiUrl: string };
  project.provide('webUrl', webUrl);
  project.provide('apiUrl', apiUrl);
  project.provide('localEnv', {});
}
