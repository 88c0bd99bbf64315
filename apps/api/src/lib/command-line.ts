import { AsyncLocalStorage } from 'node:async_hooks';

// Every audit entry an `npm run ops` command writes says it came from the command line, whichever
// service writes it: the command runs inside this context, and the one writer of the audit log reads it.
const commandLine = new AsyncLocalStorage<true>();

/** Runs an operator command: every audit entry written while it runs is marked as from the command line. */
export const asCommandLine = <T>(work: () => Promise<T>): Promise<T> => commandLine.run(true, work);

/** Whether the work running now is an operator command (`npm run ops`). */
export const fromCommandLine = (): boolean => commandLine.getStore() === true;
