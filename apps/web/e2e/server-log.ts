/** Written to the API server's log when it stops, so the test files waiting for it fail at once. */
export const EXITED_MARK = '[the API server stopped]';
