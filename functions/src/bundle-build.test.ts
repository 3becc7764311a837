import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { lambdaBuildOptions, markInitialisersPure, REPO_ROOT } from './bundle-build.ts';

const pure = (init: string) => `/* @__PURE__ */ (() => (${init}))()`;

describe('markInitialisersPure', () => {
  it('wraps each module-level initialiser that calls anything in a function marked pure', () => {
    const schema = 'z.object({ b: z.string({ error: MSG.required }) })';
    expect(markInitialisersPure(`export const a = ${schema};`)).toBe(`export const a = ${pure(schema)};`);
    expect(markInitialisersPure('const seen = new Set(keys), n = 1, t = tag`x`;')).toBe(
      `const seen = ${pure('new Set(keys)')}, n = 1, t = ${pure('tag`x`')};`,
    );
    expect(markInitialisersPure('const KEYS = Object.keys(ROLES) as Role[];')).toBe(
      `const KEYS = ${pure('Object.keys(ROLES) as Role[]')};`,
    );
  });

  it('leaves what calls nothing at load alone: functions, classes, plain values, statements run for their effect, top-level await', () => {
    const source = [
      'export const handler = (event) => run(event);',
      'export function build() { return z.string(); }',
      'const table = { a: MSG.required, b: [1, 2] };',
      'class Repo { table = name(); }',
      'register(plugin);',
      'const config = await load();',
    ].join('\n');
    expect(markInitialisersPure(source)).toBe(source);
  });

  it('leaves an initialiser marked pure by hand as it is, and marks nothing twice', () => {
    const marked = 'export const users = /* @__PURE__ */ once(() => createRepository(client()));';
    expect(markInitialisersPure(marked)).toBe(marked);
    const once = markInitialisersPure('export const a = f(g());');
    expect(markInitialisersPure(once)).toBe(once);
  });
});

describe('lambdaBuildOptions', () => {
  const bundledPackages = async (options: esbuild.BuildOptions) => {
    const result = await esbuild.build({
      ...options,
      splitting: false,
      stdin: {
        contents: "import { MAX_EXPORT_DAYS } from './shared/src/seller/dashboard.ts'; console.log(MAX_EXPORT_DAYS);",
        resolveDir: REPO_ROOT,
        loader: 'ts',
      },
      write: false,
      metafile: true,
    });
    const [output] = Object.values(result.metafile.outputs);
    return Object.entries(output!.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file);
  };

  it("drops the schemas beside a constant a route imports (the module's dozens of zod schemas, and zod with them)", async () => {
    const inputs = await bundledPackages(lambdaBuildOptions());
    expect(inputs).toContain('shared/src/seller/dashboard.ts');
    expect(inputs.filter((i) => i.includes('node_modules/zod/'))).toEqual([]);
    // Without the annotations esbuild keeps every module-level schema call (and so all of zod they use).
    const plain = await bundledPackages({ ...lambdaBuildOptions(), plugins: [] });
    expect(plain.filter((i) => i.includes('node_modules/zod/')).length).toBeGreaterThan(5);
  });
});
