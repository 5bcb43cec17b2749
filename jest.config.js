// Three projects. `unit` (__tests__/unit) uses small fakes and never touches a Docker engine: it is
// what a contributor runs while editing (`npm run test:unit`). `e2e` (__tests__/e2e) drives the real
// engine, the bundled dist/ and loopback servers; its global setup checks the engine (one clear
// line when it is missing) and prepares the bundle and the runtime images once. `corpus` loads
// MassGen's shipped configs (MASSGEN_CONFIGS_DIR). `npm test` runs all three.
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  resolver: 'ts-jest-resolver',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', useESM: true, diagnostics: false }]
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/build/'],
  clearMocks: true
}

export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/__tests__/unit/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/unit.ts']
    },
    {
      // MassGen's own config corpus (not in this repository; see the test's header and
      // MASSGEN_CONFIGS_DIR in the README): Docker-free, but needs that directory.
      ...common,
      displayName: 'corpus',
      testMatch: ['<rootDir>/__tests__/corpus/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/unit.ts']
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/scripts/jest-e2e-setup.mjs',
      setupFilesAfterEnv: ['<rootDir>/__tests__/setup/e2e.ts']
    }
  ],
  reporters: ['default', '<rootDir>/scripts/jest-plain-summary.cjs'],
  verbose: false
}
