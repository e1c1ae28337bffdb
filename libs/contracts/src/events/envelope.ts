import { z } from 'zod';

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  producer: z.enum(['identity', 'therapy', 'billing']),
  data: z.unknown(),
});

export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: TData };
