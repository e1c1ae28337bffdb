// Writes each Jest run's counts to .data/test-results/, so `npm test` can close with one total line.
const { mkdirSync, writeFileSync } = require('node:fs');
const { basename, resolve } = require('node:path');

const resultsDir = resolve(__dirname, '../../.data/test-results');

class ResultsFileReporter {
  constructor(globalConfig, options = {}) {
    this.rootDir = globalConfig.rootDir;
    this.kind = options.kind || 'unit';
  }

  onRunComplete(_contexts, results) {
    mkdirSync(resultsDir, { recursive: true });
    const name = `${basename(this.rootDir)}-${this.kind}`;
    writeFileSync(
      resolve(resultsDir, `${name}.json`),
      JSON.stringify({
        name,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}

module.exports = ResultsFileReporter;
