import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src, lowest first (docs/architecture.md). A layer imports only from layers below it;
 * mocks (the demo backend) sit beside the app and may use config, types and lib.
 */
const LAYERS = ['config', 'types', 'lib', 'api', 'components', 'features', 'app'];
const layerZones = LAYERS.flatMap((layer, index) => {
  const higher = LAYERS.slice(index + 1).filter((other) => !(layer === 'config' && other === 'types'));
  return [
    ...higher.map((other) => ({
      target: `./src/${layer}`,
      from: `./src/${other}`,
      message: `src/${layer} is below src/${other}: move the shared code down, or the caller up.`,
    })),
    ...(layer === 'app'
      ? []
      : [
          {
            target: `./src/${layer}`,
            from: './src/mocks',
            message: 'only the app entry may start the demo backend.',
          },
        ]),
  ];
});
/**
 * The entry form adds to the offline queue; the queue sends with api/registration's registerAndBind and
 * never calls back into the registration feature (which would make the two import each other).
 */
const queueZones = [
  {
    target: './src/features/offline-queue',
    from: './src/features/registration',
    message:
      "the offline queue sends with registerAndBind ('@/api/registration/register-and-bind'); the registration feature uses the queue, not the other way round.",
  },
];
const mockZones = ['api', 'components', 'features', 'app'].map((layer) => ({
  target: './src/mocks',
  from: `./src/${layer}`,
  message: 'the demo backend answers the API contract (src/types) and must not depend on the app.',
}));

/** One way to read server data: the query client (src/lib/query-client.ts), not a second data library. */
const useRequestThroughTheWrapper = {
  name: 'ahooks',
  message: "read through useRead from '@/lib/query-client': the app's one cache of server answers.",
};
const noClearable = {
  selector: "JSXAttribute[name.name='clearable']",
  message:
    "antd-mobile's clear icon is an unnamed div without a role (axe: serious, not keyboard reachable); offer a real button instead.",
};
/** ID cards and tube codes have one reading each (src/lib/id-card.ts, src/lib/tube-code.ts). */
const CASE_CHANGE = 'CallExpression[callee.property.name=/^to(Upper|Lower)Case$/]';
const A_CODE = '[name=/idcard|tube|code/i]';
const CASE_CHANGE_MESSAGE =
  "ID cards and tube codes are read by normalizeIdCard ('@/lib/id-card') and normalizeTubeCode ('@/lib/tube-code'), which never upper-cases a tube code: compare through those.";
const caseChangesOfCodes = [
  // idCard.toUpperCase()
  {
    selector: `${CASE_CHANGE} > MemberExpression.callee > Identifier.object${A_CODE}`,
    message: CASE_CHANGE_MESSAGE,
  },
  // entry.tubeCode.toUpperCase(), code.replace(…).toUpperCase()
  {
    selector: `${CASE_CHANGE} > MemberExpression.callee > .object Identifier${A_CODE}`,
    message: CASE_CHANGE_MESSAGE,
  },
];
const DRAFT_STORE = 'src/features/registration/registration-draft-store.ts';
const draftKeyThroughTheStore = {
  name: '@/lib/work-keys',
  importNames: ['registrationDraftKey'],
  message: `an account's registration draft has one owner, ${DRAFT_STORE}: read or change it through that store.`,
};

/** A page's stylesheet is for that page; what a component shows is styled by its own CSS module. */
const pageStylesheetStaysThePages = {
  regex: '(^|/)pages/[^/]+\\.module\\.css$',
  message:
    "a page's stylesheet is the page's own: give the component its own CSS module (shared styles move there).",
};

/** The import rules of a feature's modules, with `paths` (imports refused by name). */
function featureImports(paths) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths,
        patterns: [
          {
            group: ['@/features/*/**'],
            message:
              "import another feature through its index ('@/features/<name>'); inside a feature, use relative paths.",
          },
          { group: ['../../*'], message: 'a relative import must stay inside its feature.' },
          pageStylesheetStaysThePages,
        ],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      'node_modules',
      'test-results',
      'playwright-report',
      'tests/e2e/output',
      'bench-output',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // TanStack Query as its authors use it: stable keys that name every input, no rest-destructured results.
  ...pluginQuery.configs['flat/recommended'],
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-syntax': ['error', noClearable],
    },
  },
  {
    files: ['src/**'],
    rules: {
      // The build lowers syntax for iOS 13 / Chrome 69, not library calls (tests/e2e/old-engines.spec.ts).
      'no-restricted-properties': [
        'error',
        {
          object: 'Object',
          property: 'hasOwn',
          message: 'iOS < 15.4 lacks it: Object.prototype.hasOwnProperty.call',
        },
      ],
      'no-restricted-globals': ['error', { name: 'structuredClone', message: 'iOS < 15.4 lacks it.' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...queueZones, ...mockZones] }],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [useRequestThroughTheWrapper, draftKeyThroughTheStore] }],
    },
  },
  {
    // A feature uses another feature only through that feature's index.ts (its public surface).
    files: ['src/features/**'],
    ignores: [DRAFT_STORE],
    rules: featureImports([useRequestThroughTheWrapper, draftKeyThroughTheStore]),
  },
  {
    files: ['src/features/**', 'src/api/**'],
    rules: { 'no-restricted-syntax': ['error', noClearable, ...caseChangesOfCodes] },
  },
  { files: [DRAFT_STORE], rules: featureImports([useRequestThroughTheWrapper]) },
  {
    // Unit test files share a worker's module registry (vite.config.ts); a file that replaces or reloads
    // modules would change them for the files after it. Such a file is named *.isolated.test.* (its own
    // registry). The WeChat helper reloads the SDK for the isolated files that import it.
    files: ['tests/unit/**'],
    ignores: ['**/*.isolated.test.*', 'tests/unit/wechat/support.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock|resetModules|importActual|importMock)$/]",
          message:
            'this changes the module registry the unit test files share: name the file *.isolated.test.ts(x) (vite.config.ts).',
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['tests/e2e/**', 'tests/nginx/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
