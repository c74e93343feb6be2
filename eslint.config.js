// Lint for the whole monorepo: strict and quiet (docs/conventions.md §9) — type-aware TypeScript rules,
// zero warnings (`npm run lint` runs with --max-warnings 0), React hook rules for the web.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports that cross a boundary of docs/architecture.md §3: the contract → apps, web ↔ server. */
const forbidImports = (message, ...group) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

const WEB_NOT_SERVER = {
  group: ['@edu/server', '@edu/server/*', '**/server/src/**'],
  message: 'The web never imports server code; share it through @edu/contract (docs/architecture.md §3).',
};

const SERVER_NOT_WEB = {
  group: ['@edu/web', '@edu/web/*', '**/web/src/**'],
  message: 'The server never imports web code; share it through @edu/contract (docs/architecture.md §3).',
};

/**
 * A server feature never imports another feature's `*.repository.js` (values or types): it reaches that feature
 * through its service, a shared SQL piece in the owner's `*.sql.ts` or in `db/`, or the narrow view the owner
 * publishes of its data access (e.g. `questions/question-reads.ts`) that services.ts wires in (docs/architecture.md
 * §3 "Layout and boundaries"). One block per feature and folder depth, since a relative import names the feature
 * only after as many `../` as the file sits deep.
 */
const FEATURES_DIR = 'apps/server/src/features';
const serverFeatureBoundaries = readdirSync(new URL(`./${FEATURES_DIR}/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name }) =>
    [1, 2, 3, 4, 5].map((depth) => ({
      files: [`${FEATURES_DIR}/${name}/${'*/'.repeat(depth - 1)}*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              SERVER_NOT_WEB,
              {
                regex: `^(?:\\.\\./){${depth}}(?:\\.\\./features/)?(?!${name}/)[\\w-]+/(?:[\\w.-]+/)*[\\w.-]+\\.repository(?:\\.js)?$`,
                message:
                  "A feature does not import another feature's repository: use its service, a shared SQL piece (`*.sql.ts`, db/) or the view it publishes of its data access, wired in services.ts (docs/architecture.md §3).",
              },
            ],
          },
        ],
      },
    })),
  );

/** The web's lower layers import no area, component or shell module (docs/architecture.md §3). */
const WEB_LOWER_LAYERS = {
  regex: '^\\.\\./(?:areas|components|shell)(?:/|$)',
  message:
    'api/ and app/ sit below the areas, components/ and shell/ and import none of them (docs/architecture.md §3).',
};
const API_NOT_APP =
  'api/ sits below app/ and does not import it: a hook over the session belongs to app/ or to the area or component that owns it (docs/architecture.md §3).';

/** `../` repeated `depth` times, as a regex: how far up a file `depth` folders deep reaches its root folder. */
const upTo = (depth) => `(?:\\.\\./){${depth}}`;
const DEPTHS = [1, 2, 3, 4, 5];
const WEB_SRC = 'apps/web/src';
/** The files exactly `depth` folders below `dir` (1: the folder's own files). */
const filesAt = (dir, depth) => [`${WEB_SRC}/${dir}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`];

/**
 * components/ sits below the areas and the shell: what two areas share lives there, and it imports neither
 * (docs/architecture.md §3). One block per folder depth, since a relative import reaches src/ after as many `../`.
 */
const webComponentBoundaries = DEPTHS.map((depth) => ({
  files: filesAt('components', depth),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          WEB_NOT_SERVER,
          {
            regex: `^${upTo(depth)}(?:areas|shell)(?:/|$)`,
            message:
              'components/ sits below the areas and shell/ and imports neither: move what it needs into components/ (docs/architecture.md §3).',
          },
        ],
      },
    ],
  },
}));

/**
 * An area never imports another area: what two areas share moves to components/ (docs/architecture.md §3). The
 * lesson room is an area of its own that every role enters, reached only through its page entries
 * (`lesson-room/pages`). In admin/, the question bank and the store never import each other: what both show lives in
 * components/store/. One block per area and folder depth, as for the server features.
 */
const WEB_AREAS = readdirSync(new URL(`./${WEB_SRC}/areas/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const AREA_MESSAGE =
  'An area does not import another area (the lesson room only through lesson-room/pages): move what both use into components/ (docs/architecture.md §3).';
const otherArea = (name, depth) => ({
  regex: `^${upTo(depth)}(?:\\.\\./areas/)?(?!${name}(?:/|$))(?!lesson-room/pages$)[\\w-]+(?:/|$)`,
  message: AREA_MESSAGE,
});
/** admin/question and admin/store: `depth` folders below admin/<own>, an import of admin/<other>. */
const ADMIN_PAIR = { question: 'store', store: 'question' };
const adminSibling = (other, depth) => ({
  regex: `^${upTo(depth)}(?:\\.\\./(?:\\.\\./areas/)?admin/)?${other}(?:/|$)`,
  message:
    'admin/question and admin/store do not import each other: what both show lives in components/ (components/store/, docs/architecture.md §3).',
});
const webAreaBoundaries = WEB_AREAS.flatMap((name) =>
  DEPTHS.map((depth) => ({
    files: filesAt(`areas/${name}`, depth),
    rules: {
      'no-restricted-imports': ['error', { patterns: [WEB_NOT_SERVER, otherArea(name, depth)] }],
    },
  })),
).concat(
  Object.entries(ADMIN_PAIR).flatMap(([own, other]) =>
    DEPTHS.slice(0, 4).map((depth) => ({
      files: filesAt(`areas/admin/${own}`, depth),
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [WEB_NOT_SERVER, otherArea('admin', depth + 1), adminSibling(other, depth)] },
        ],
      },
    })),
  ),
);

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
    rules: forbidImports(WEB_NOT_SERVER.message, ...WEB_NOT_SERVER.group),
  },
  // The web's lower layers (docs/architecture.md §3): api/ (the one HTTP client) imports no other web folder, app/
  // (providers, stores, session hooks) builds on api/ only; neither imports an area, components/ or shell/. Both
  // folders are flat, so such an import starts `../`. A test of api/ may mount the app's providers.
  {
    files: ['apps/web/src/api/*.{ts,tsx}'],
    ignores: ['apps/web/src/api/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [WEB_NOT_SERVER, WEB_LOWER_LAYERS, { regex: '^\\.\\./app(?:/|$)', message: API_NOT_APP }] },
      ],
    },
  },
  {
    files: ['apps/web/src/app/*.{ts,tsx}', 'apps/web/src/api/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB_NOT_SERVER, WEB_LOWER_LAYERS] }] },
  },
  ...webComponentBoundaries,
  ...webAreaBoundaries,
  {
    files: ['apps/server/src/**/*.ts'],
    rules: forbidImports(SERVER_NOT_WEB.message, ...SERVER_NOT_WEB.group),
  },
  // Server features: the rule above plus no other feature's repository (a later block replaces the rule's options).
  ...serverFeatureBoundaries,

  // The web runs in the browser and follows the rules of hooks (and the React Compiler's checks).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
);
