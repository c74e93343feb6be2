// Lint for the whole monorepo: strict and quiet (docs/conventions.md §9) — type-aware TypeScript rules,
// zero warnings (`npm run lint` runs with --max-warnings 0), React hook rules for the web.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports that cross a boundary of docs/architecture.md §3: the contract → apps, web ↔ server. */
const forbidImports = (message, ...group) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

const TS_FILES = [
  'packages/contract/src/**/*.ts',
  'apps/server/src/**/*.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'e2e/**/*.ts',
  'bench/**/*.ts',
];

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/migrations/',
    '**/coverage/',
    '**/playwright-report/',
    '**/test-results/',
  ]),

  // Plain JavaScript (this file, scripts/*.mjs, bench or e2e helpers written in JS).
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },

  // TypeScript with type information: each file is checked against its nearest tsconfig.json.
  {
    files: TS_FILES,
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: globals.node,
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A switch over a union names every member (or has a default).
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Event handlers such as onClick={async () => …} are fine; a promise where a boolean is tested is not.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and route handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },

  // One-way dependencies: the contract imports nothing from the apps, the web and the server nothing from each other.
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: forbidImports(
      'The contract is shared by server and web and imports neither (docs/architecture.md §3).',
      '@edu/server',
      '@edu/server/*',
      '@edu/web',
      '@edu/web/*',
      '**/apps/**',
    ),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: forbidImports(
      'The web never imports server code; share it through @edu/contract (docs/architecture.md §3).',
      '@edu/server',
      '@edu/server/*',
      '**/server/src/**',
    ),
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: forbidImports(
      'The server never imports web code; share it through @edu/contract (docs/architecture.md §3).',
      '@edu/web',
      '@edu/web/*',
      '**/web/src/**',
    ),
  },

  // The web runs in the browser and follows the rules of hooks (and the React Compiler's checks).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
);
