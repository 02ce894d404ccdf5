// Where a test run's time went (issue «Tests keep pace»): each stage's wall time, and the slowest
// files and tests of each runner, read from the JSON reports vitest and Playwright write. Printed at
// the end of `npm test`, so a slow test is seen the day it lands.

/** The slowest vitest files: seconds from a file's first test to its last hook (not its imports). */
export function slowestVitestFiles(report, root, count) {
  const files = (report?.testResults ?? []).map((file) => ({
    name: relative(file.name, root),
    seconds: Math.max(0, (file.endTime - file.startTime) / 1000),
    tests: file.assertionResults?.length ?? 0,
  }));
  return { total: files.length, slowest: files.sort((a, b) => b.seconds - a.seconds).slice(0, count) };
}

/** Every test of a Playwright JSON report with its file, project (viewport) and duration. */
function playwrightTests(report) {
  const tests = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000;
        tests.push({ file: spec.file ?? file, title: spec.title, project: test.projectName, seconds });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? file);
  };
  for (const suite of report?.suites ?? []) walk(suite, suite.file);
  return tests;
}

/** The slowest e2e files (their tests' time summed, hooks within it) and the slowest tests. */
export function slowestPlaywright(report, count) {
  const tests = playwrightTests(report);
  const byFile = new Map();
  for (const test of tests) {
    const file = byFile.get(test.file) ?? { name: test.file, seconds: 0, tests: 0 };
    file.seconds += test.seconds;
    file.tests += 1;
    byFile.set(test.file, file);
  }
  return {
    total: byFile.size,
    files: [...byFile.values()].sort((a, b) => b.seconds - a.seconds).slice(0, count),
    tests: [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, count),
  };
}

function relative(file, root) {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

const seconds = (value) => `${value.toFixed(1).padStart(6)} s`;

/** The report as lines of text. */
export function timeReport({ stages, vitest, playwright, root, count = 10 }) {
  const lines = ['', '⏱ Where the time went'];
  const total = stages.reduce((sum, stage) => sum + stage.seconds, 0);
  lines.push(
    `  stages: ${stages.map((stage) => `${stage.title} ${Math.round(stage.seconds)} s`).join(' · ')}`,
  );
  lines.push(`  in all: ${Math.round(total)} s`);
  if (vitest) {
    const { total: files, slowest } = slowestVitestFiles(vitest, root, count);
    lines.push(`  slowest vitest files (of ${files}; tests and hooks, not imports):`);
    for (const file of slowest)
      lines.push(`    ${seconds(file.seconds)}  ${file.name} (${file.tests} tests)`);
  }
  if (playwright) {
    const { total: files, files: slowFiles, tests } = slowestPlaywright(playwright, count);
    lines.push(`  slowest e2e files (of ${files}; their tests' time summed, both viewports):`);
    for (const file of slowFiles)
      lines.push(`    ${seconds(file.seconds)}  ${file.name} (${file.tests} tests)`);
    lines.push('  slowest e2e tests:');
    for (const test of tests) {
      lines.push(`    ${seconds(test.seconds)}  ${test.file} › ${test.title} [${test.project}]`);
    }
  }
  return lines;
}
