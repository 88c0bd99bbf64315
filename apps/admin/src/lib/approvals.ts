/**
 * The request a value call answered with when it waits for a second operator (four eyes), or
 * undefined when the call was done at once or is not a value call.
 */
export function waitingRequestOf(answer: unknown): { id: number } | undefined {
  const request = (answer as { request?: { id: number; status: string } } | null)?.request;
  return request?.status === 'pending' ? request : undefined;
}
