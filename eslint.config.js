import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['node_modules', '.output*/**', '.nitro', '.tanstack', 'src/paraglide', '**/routeTree.gen.ts', 'test-results', 'playwright-report', '.data*/**', 'bench-results'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Data flows one way: only backend/index.server.ts knows which adapter is in use.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/backend/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['~/backend/embedded/*', '~/backend/supabase/*', '**/backend/embedded/*', '**/backend/supabase/*'], message: 'Use ~/backend/index.server (getBackend) instead of an adapter.' },
            { group: ['@electric-sql/*', '@supabase/*'], message: 'Only the backend adapters talk to databases.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/components/**/*.tsx', 'src/routes/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['~/backend/index.server', '**/backend/index.server', '~/backend/*/**'], message: 'Components reach data through server functions, never the backend.' },
            { group: ['@electric-sql/*', '@supabase/*'], message: 'Only the backend adapters talk to databases.' },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs,ts}', 'tests/**/*.ts', '*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's `use`.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
)
