import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** The page chunk of each public first screen (its route module; src/app/first-screen-requests.ts names the screens). */
const SCREEN_ROUTES = {
  home: 'src/app/routes/home.tsx',
  search: 'src/app/routes/voucher-search.tsx',
  voucher: 'src/app/routes/voucher-detail.tsx',
} as const;

const BOOT_ENTRY = fileURLToPath(new URL('./src/app/first-screen-boot.ts', import.meta.url));

type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
};
type Output = Chunk | { type: 'asset'; fileName: string; source: string | Uint8Array };

/**
 * The first-screen boot (issue 15): builds src/app/first-screen-boot.ts on its own (esbuild, a few hundred bytes)
 * with the file names of each first screen's page chunks and their styles, and puts it into index.html before the
 * app's bundle, so a first visit loads the page chunk, the first API reads and the largest picture beside the bundle
 * instead of after it. Production builds only; the dev server keeps the app's own preload (app/first-screen.ts).
 */
export function firstScreenBoot(options: { apexDomain: string | undefined }): Plugin {
  let base = '/';
  return {
    name: 'gm:first-screen-boot',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    async generateBundle(_, bundle) {
      const outputs = Object.values(bundle) as Output[];
      const chunks = new Map(outputs.filter((o): o is Chunk => o.type === 'chunk').map((c) => [c.fileName, c]));
      // What index.html loads anyway: the entry and everything it imports statically.
      const initial = new Set<string>();
      const addInitial = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        for (const next of chunks.get(fileName)?.imports ?? []) addInitial(next);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) addInitial(chunk.fileName);

      const assets: Record<string, { js: string[]; css: string[] }> = {};
      for (const [screen, route] of Object.entries(SCREEN_ROUTES)) {
        // The route module's own chunk, or the group chunk it went into (vite.config.ts codeSplitting groups).
        const isRoute = (id: string | null) => Boolean(id?.replaceAll('\\', '/').endsWith(`/web/${route}`));
        const page = [...chunks.values()].find((c) => isRoute(c.facadeModuleId) || c.moduleIds.some(isRoute));
        if (!page) this.error(`first-screen boot: no chunk for ${route}`);
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          if (js.has(fileName) || initial.has(fileName)) return;
          js.add(fileName);
          const chunk = chunks.get(fileName) as (Chunk & { viteMetadata?: { importedCss: Set<string> } }) | undefined;
          for (const style of chunk?.viteMetadata?.importedCss ?? []) css.add(style);
          for (const next of chunk?.imports ?? []) visit(next);
        };
        visit(page.fileName);
        assets[screen] = { js: [...js].map((f) => `${base}${f}`), css: [...css].map((f) => `${base}${f}`) };
      }

      const result = await build({
        entryPoints: [BOOT_ENTRY],
        bundle: true,
        write: false,
        minify: true,
        format: 'esm',
        target: 'es2022',
        platform: 'browser',
        legalComments: 'none',
        define: {
          __FIRST_SCREEN_ASSETS__: JSON.stringify(assets),
          'import.meta.env.VITE_APEX_DOMAIN': JSON.stringify(options.apexDomain ?? ''),
        },
      });
      const code = result.outputFiles[0]?.text ?? '';
      const fileName = `assets/first-screen-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });

      const html = bundle['index.html'] as Output | undefined;
      if (!html || html.type !== 'asset' || typeof html.source !== 'string')
        return this.error('first-screen boot: index.html is not in the bundle yet');
      const tag = `<script type="module" crossorigin src="${base}${fileName}"></script>`;
      if (!html.source.includes('<script type="module"'))
        return this.error('first-screen boot: no module script in index.html');
      // Before the app's bundle: module scripts run in document order, so the boot runs first.
      html.source = html.source.replace('<script type="module"', `${tag}\n    <script type="module"`);
    },
  };
}
