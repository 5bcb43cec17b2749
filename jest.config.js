// Unit tests (__tests__/unit) use small fakes; e2e tests (__tests__/e2e) drive the real Docker
// engine, the bundled dist/ and a loopback artifact server. Both run in `npm test`.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  resolver: 'ts-jest-resolver',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', useESM: true, diagnostics: false }]
  },
  testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/build/'],
  testTimeout: 120000,
  globalSetup: '<rootDir>/scripts/jest-global-setup.mjs',
  clearMocks: true,
  reporters: ['default', '<rootDir>/scripts/jest-plain-summary.cjs'],
  verbose: false
}
