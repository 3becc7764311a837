// ESLint flat config. Non type-checked typescript-eslint rules keep `npx eslint .` fast;
// `npm run typecheck` (tsc -b) does the type work. The import rules below enforce the
// workspace boundaries described in docs/architecture.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import prettierConfig from 'eslint-config-prettier';

// React hook rules for web/ once `eslint-plugin-react-hooks` (7.x, flat config) is a root devDependency;
// until then the config loads without it.
const reactHooks = await import('eslint-plugin-react-hooks').then((m) => m.default).catch(() => undefined);

const NODE_BUILTINS = ['fs', 'path', 'crypto', 'http', 'https', 'child_process', 'os', 'url', 'buffer'];

const sharedMessage =
  'shared/ runs in the browser and in Lambdas: no AWS SDK, Stripe, Node built-ins, functions or web code.';
const webMessage = 'web/ must not pull AWS SDK clients or server code; talk to the API through shared contracts.';
// Classic zod carries every method on every schema, so none of it tree-shakes (≈ 98 KB in each Lambda): use zod/mini.
const zodMessage = "Import 'zod/mini' (tree-shakable), not classic zod: see docs/performance.md.";
const ZOD_PATHS = ['zod', 'zod/v4', 'zod/v3', 'zod/v4/classic'].map((name) => ({ name, message: zodMessage }));

const pdfStackMessage =
  'Load pdf-lib and qrcode through loadPdfStack() / loadQrEncoder() (functions/src/lib/pdf/pdf-stack.ts); types via `import type`.';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/cdk.out/**',
      '**/.data/**',
      '**/coverage/**',
      '**/*.d.ts',
      'web/dist/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: {
        process: 'readonly',
        console: 'readonly',
        module: 'writable',
        require: 'readonly',
        __dirname: 'readonly',
      },
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      // shared/ and web/ repeat these paths in their own no-restricted-imports below (a later rule replaces this one).
      'no-restricted-imports': ['error', { paths: ZOD_PATHS }],
    },
  },
  {
    // Issue 15: the PDF stack loads with the first PDF made (functions/src/lib/pdf/pdf-stack.ts). One static
    // value import of pdf-lib or qrcode in a Lambda's modules runs their module code at every cold start.
    files: ['functions/src/**/*.ts'],
    ignores: [
      'functions/src/**/*.test.ts',
      'functions/src/**/test-*.ts',
      'functions/src/lib/pdf/pdf-stack-modules.ts',
      'functions/src/lib/pdf/qr-encoder-module.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'pdf-lib', message: pdfStackMessage, allowTypeImports: true }],
          patterns: [{ group: ['qrcode', 'qrcode/*', '@pdf-lib/*'], message: pdfStackMessage, allowTypeImports: true }],
        },
      ],
    },
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'stripe', message: sharedMessage },
            ...NODE_BUILTINS.map((name) => ({ name, message: sharedMessage })),
            { name: '@gm/functions', message: sharedMessage },
            { name: '@gm/web', message: sharedMessage },
            ...ZOD_PATHS,
          ],
          patterns: [
            {
              group: [
                '@aws-sdk/*',
                'stripe/*',
                'node:*',
                ...NODE_BUILTINS.map((name) => `${name}/*`),
                '@gm/functions/*',
                '@gm/web/*',
              ],
              message: sharedMessage,
            },
          ],
        },
      ],
    },
  },
  ...(reactHooks
    ? [
        {
          files: ['web/src/**/*.{ts,tsx}'],
          plugins: { 'react-hooks': reactHooks },
          rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
        },
      ]
    : []),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@gm/functions', message: webMessage }, ...ZOD_PATHS],
          patterns: [{ group: ['@aws-sdk/*', '@gm/functions/*'], message: webMessage }],
        },
      ],
    },
  },

  {
    // Web layers (docs/architecture.md): app → features → entities → components → lib/config.
    // A feature never imports another feature; what two features need lives in entities/ or components/.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['web/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'entity', pattern: 'web/src/entities/*', capture: ['entity'] },
        { type: 'component', pattern: 'web/src/components' },
        { type: 'lib', pattern: 'web/src/(lib|config|testing|styles)' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['app', 'feature', 'entity', 'component', 'lib'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { type: 'feature', captured: { feature: '{{from.element.captured.feature}}' } } },
              },
            },
            {
              from: { element: { types: { anyOf: ['feature', 'entity'] } } },
              allow: { to: { element: { types: { anyOf: ['entity', 'component', 'lib'] } } } },
            },
            {
              from: { element: { type: 'component' } },
              allow: { to: { element: { types: { anyOf: ['component', 'lib'] } } } },
            },
            { from: { element: { type: 'lib' } }, allow: { to: { element: { type: 'lib' } } } },
            { allow: { to: { origin: 'external' } } },
          ],
        },
      ],
    },
  },
  prettierConfig,
);
