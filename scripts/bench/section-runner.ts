import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { SectionResult } from './report.ts';

/**
 * Runs one section of `npm run bench` in its own process (scripts/bench/run.ts starts it): imports
 * `<module>`, calls its `<export>(options)` and writes `{ json, markdown, figures }` to `<out>`.
 * A process per section: each starts its own local cloud, builds its own clients and measures its
 * own memory, with nothing left over from the section before.
 *
 *   tsx scripts/bench/section-runner.ts <module file> <export name> <options JSON> <out file>
 */
const [file, exportName, optionsJson, out] = process.argv.slice(2) as [string, string, string, string];
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

try {
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const measure = mod[exportName];
  if (typeof measure !== 'function') throw new Error(`${file} exports no function ${exportName}`);
  const result = (await (measure as (options: unknown) => Promise<SectionResult>)(JSON.parse(optionsJson))) ?? {};
  if (typeof result.markdown !== 'string') throw new Error(`${exportName} answered no markdown`);
  await writeFile(
    out,
    JSON.stringify({ json: result.json ?? null, markdown: result.markdown, figures: result.figures }),
  );
  // Stand-ins or pools a section did not close must not keep the report waiting.
  process.exit(0);
} catch (error) {
  console.error(`[bench] ${exportName} failed: ${(error as Error)?.stack ?? String(error)}`);
  await writeFile(out, JSON.stringify({ error: (error as Error)?.message ?? String(error) })).catch(() => undefined);
  process.exit(1);
}
