import { z } from 'zod';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment against one zod schema per concern, once, at boot.
 * A bad or missing value stops start-up with a message naming the variable.
 */
export function loadConfig<T extends Record<string, z.ZodType>>(
  schemas: T,
  env: NodeJS.ProcessEnv = process.env,
): { [K in keyof T]: z.infer<T[K]> } {
  const problems: string[] = [];
  const result: Record<string, unknown> = {};
  for (const [concern, schema] of Object.entries(schemas)) {
    const parsed = schema.safeParse(env);
    if (parsed.success) {
      result[concern] = parsed.data;
    } else {
      for (const issue of parsed.error.issues) {
        const variable = issue.path.join('.') || concern;
        problems.push(`${variable}: ${issue.message}`);
      }
    }
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return result as { [K in keyof T]: z.infer<T[K]> };
}
