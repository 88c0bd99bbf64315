import { z } from 'zod';

/** Every response of the API: `code` 200 is success, anything else a failure with a readable `msg`. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
