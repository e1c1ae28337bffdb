import { z } from 'zod';

export const healthCheckSchema = z.object({
  status: z.enum(['ok', 'error']),
  checks: z.record(z.string(), z.enum(['up', 'down'])),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;
