import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Answers a contract call with a file written while it is sent (a CSV export) instead of the
 * envelope: its type, a download name, never kept by a cache. The handler returns what this returns.
 */
export function sendFile(reply: FastifyReply, file: { filename: string; body: Readable }, type = 'text/csv; charset=utf-8'): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}
