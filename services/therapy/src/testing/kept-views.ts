import { MikroORM } from '@mikro-orm/core';
import type { INestApplication } from '@nestjs/common';
import { createServiceApp } from '@aba/server-kit';
import { listenForTests } from '@aba/server-kit/testing';
import { loadTherapyConfig } from '../config.js';
import { therapyService } from '../service.js';
import type { TherapyHarness } from './therapy-harness.js';

/**
 * Statements the service sends while `run` runs. Left out: the outbox relay's and event consumers' background
 * work (their tables, and the bare begin/commit of the relay's claims; the views use no transaction).
 */
export async function countStatements(
  therapy: TherapyHarness,
  run: () => Promise<unknown>,
): Promise<string[]> {
  const connection = therapy.app.get(MikroORM).em.getConnection() as unknown as {
    logQuery(query: string, context?: unknown): void;
  };
  const original = connection.logQuery;
  const seen: string[] = [];
  connection.logQuery = function (query: string, context?: unknown) {
    if (!/outbox|inbox|event/i.test(query) && !/^\s*(begin|commit|rollback)\b/i.test(query)) seen.push(query);
    return original.call(this, query, context);
  };
  try {
    await run();
  } finally {
    connection.logQuery = original;
  }
  return seen;
}

/** A second replica of therapy on the harness's database, listening; close it after use. */
export async function secondReplica(therapy: TherapyHarness): Promise<INestApplication> {
  const config = loadTherapyConfig(therapy.env.serviceEnv('therapy'));
  const other = await createServiceApp(therapyService.module(config), {
    name: 'therapy',
    config,
    jsonBodyLimit: therapyService.jsonBodyLimit,
  });
  await listenForTests(other);
  return other;
}
