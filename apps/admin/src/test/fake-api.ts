/**
 * A `fetch` answering the console's calls from `answers`, keyed by path (the query left off): the
 * envelope with the answer's data, or 404 for a path it does not know. Read at each call, so a test may
 * change an answer between steps.
 */
export const answeringFrom =
  (answers: Record<string, unknown>) =>
  async (url: string): Promise<Response> => {
    const data = answers[url.split('?')[0]!];
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), {
      status: data === undefined ? 404 : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
