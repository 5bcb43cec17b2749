// Unit tests are fast: a test that needs more than this is waiting for something it should fake.
import { jest } from '@jest/globals'

jest.setTimeout(30_000)
