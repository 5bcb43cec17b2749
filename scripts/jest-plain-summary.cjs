// Prints the plain closing line "tests: N passed, N failed[, N skipped]" after jest's own
// summary, so any CI that reads closing lines understands the result.
class PlainSummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests
    const line =
      `tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed` +
      (skipped ? `, ${skipped} skipped` : '')
    process.stdout.write(`\n${line}\n`)
  }
}
module.exports = PlainSummaryReporter
