/**
 * The embedded PostgreSQL package stops its servers from an exit hook that, on `beforeExit`, ends
 * the process with code 0, which would turn a failed test run into a passing one. The test runner
 * sets `process.exitCode` before the event loop drains: keep that code through the hook's exit.
 */
let failedWith: number | undefined;

export function keepExitCode(): void {
  if (process.listeners('beforeExit').some((l) => l.name === 'rememberExitCode')) return;
  process.on('beforeExit', function rememberExitCode() {
    const code = Number(process.exitCode ?? 0);
    if (code !== 0) failedWith = code;
  });
  process.on('exit', () => {
    if (failedWith !== undefined) process.exitCode = failedWith;
  });
}
