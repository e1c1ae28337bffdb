import { loadGatewayConfig, type GatewayConfig } from '../config.js';

export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';
export const TEST_ORIGIN = 'http://app.test:8080';

/** A gateway configuration for tests: quiet, short upstream timeout, the given overrides. */
export function testConfig(env: Record<string, string> = {}): GatewayConfig {
  return loadGatewayConfig({
    INTERNAL_TOKEN_SECRET: TEST_SECRET,
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: TEST_ORIGIN,
    UPSTREAM_TIMEOUT_MS: '400',
    ...env,
  });
}
