// e2e tests wait for the real engine (container start, image checks, floods): a generous default.
import { jest } from '@jest/globals'

jest.setTimeout(120_000)
