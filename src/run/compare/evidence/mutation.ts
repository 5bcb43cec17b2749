// TEMP stub, drop at merge: i25m's runner replaces this file.
import type { MutationInput, MutationReport } from './types.js'

export async function runMutation(input: MutationInput): Promise<MutationReport> {
  input.log('compare evidence: mutation runner not built (stub)')
  return {
    tool: 'massgen-python',
    mutants: [],
    killed: 0,
    survived: 0,
    timeout: 0,
    error: 0,
    score: null,
    found: 0,
    skipped: 0,
    problem: 'mutation runner not built (stub)'
  }
}
