/**
 * Runs a change (a mutation's `mutateAsync`) and then `done` with its answer once it went through. A
 * refusal was shown by the request client (its toast) and ends here: it is not thrown again as a page
 * error. Answers whether the change went through.
 */
export async function changeThen<T>(change: () => Promise<T>, done: (answer: T) => void = () => {}): Promise<boolean> {
  let answer: T;
  try {
    answer = await change();
  } catch {
    // The request client has shown the server's message.
    return false;
  }
  done(answer);
  return true;
}
