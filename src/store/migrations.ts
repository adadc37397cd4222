import type { Dialect, Migration } from './migration.ts';
import * as apps from './tables/apps-schema.ts';
import * as asks from './tables/asks-schema.ts';
import * as audit from './tables/audit-schema.ts';
import * as confirmations from './tables/confirmations-schema.ts';
import * as digests from './tables/digests-schema.ts';
import * as groups from './tables/groups-schema.ts';
import * as identity from './tables/identity-schema.ts';
import * as outbox from './tables/outbox-schema.ts';
import * as poller from './tables/poller-schema.ts';
import * as questions from './tables/questions-schema.ts';
import * as rate from './tables/rate-schema.ts';
import * as requesters from './tables/requesters-schema.ts';
import * as reviewCards from './tables/review-cards-schema.ts';
import * as stepup from './tables/stepup-schema.ts';
import * as workflow from './tables/workflow-schema.ts';

/** One step of both schemas: its version in each database (absent where it needs no such step). */
interface Step {
  readonly sqlite?: number;
  readonly postgres?: number;
  readonly sql: (t: Dialect) => string;
}

/**
 * Both schemas (append-only), in order: each step's text lives beside its tables' code
 * (tables/*-schema.ts); a step of several features joins their parts, spaces and all (SQLite keeps
 * each CREATE as written). SQLite dates are INTEGER epoch ms (they sort as numbers). PostgreSQL
 * migrates in one transaction, so no statements refused there (e.g. CREATE INDEX CONCURRENTLY).
 */
const steps: readonly Step[] = [
  { sqlite: 1, postgres: 1, sql: (t) => identity.links(t) + audit.log(t) },
  {
    sqlite: 2,
    postgres: 2,
    sql: (t) => outbox.notifications(t) + requesters.botRequests(t) + poller.schedule(t),
  },
  { sqlite: 3, postgres: 3, sql: audit.actorIndex },
  { sqlite: 4, postgres: 4, sql: identity.taskNumbers },
  { sqlite: 5, postgres: 5, sql: identity.audience },
  { sqlite: 6, postgres: 6, sql: outbox.intents },
  { sqlite: 7, postgres: 7, sql: rate.replayGuard },
  { sqlite: 8, postgres: 8, sql: (t) => audit.membership(t) + groups.membership(t) },
  { sqlite: 9, sql: () => rate.replayGuardRowid() + identity.taskNumbersRowid() },
  { sqlite: 10, postgres: 9, sql: audit.taskNames },
  { sqlite: 11, postgres: 10, sql: rate.counts },
  { sqlite: 12, postgres: 11, sql: identity.teamsKeys },
  { sqlite: 13, postgres: 12, sql: audit.insight },
  { sqlite: 14, postgres: 13, sql: audit.appIds },
  { sqlite: 15, postgres: 14, sql: outbox.kinds },
  { sqlite: 16, postgres: 15, sql: requesters.viaTasks },
  { sqlite: 17, postgres: 16, sql: audit.taskFacts },
  { sqlite: 18, postgres: 17, sql: questions.open },
  { sqlite: 22, postgres: 21, sql: apps.policies },
  { sqlite: 23, postgres: 22, sql: asks.questions },
  { sqlite: 24, postgres: 23, sql: audit.reportIndexes },
  { sqlite: 25, postgres: 24, sql: poller.cadence },
  { sqlite: 26, postgres: 25, sql: poller.activeFirst },
  { postgres: 26, sql: poller.room },
  { sqlite: 27, postgres: 27, sql: confirmations.pending },
  { sqlite: 28, postgres: 28, sql: apps.generations },
  { sqlite: 29, postgres: 29, sql: requesters.filers },
  { sqlite: 30, postgres: 30, sql: identity.teamsChannels },
  { sqlite: 31, postgres: 31, sql: digests.choices },
  { sqlite: 32, postgres: 32, sql: rate.ephemeralCounts },
  { sqlite: 33, postgres: 33, sql: workflow.runs },
  { sqlite: 34, postgres: 34, sql: audit.chain },
  { sqlite: 36, postgres: 36, sql: stepup.passkeys },
  { sqlite: 37, postgres: 37, sql: audit.confirmedBy },
  { sqlite: 38, postgres: 38, sql: reviewCards.rows },
  { sqlite: 40, postgres: 40, sql: audit.reviewCampaigns },
];

const migrationsOf = (t: Dialect): Migration[] =>
  steps.flatMap((step) => {
    const version = t.sqlite ? step.sqlite : step.postgres;
    return version === undefined ? [] : [{ version, sql: step.sql(t) }];
  });

export const sqliteMigrations = migrationsOf({
  sqlite: true,
  instant: 'INTEGER',
  json: 'TEXT',
  strict: ' STRICT',
  jsonText: (path) => `json_extract(ref, '$.${path.join('.')}')`,
  validId: (id) => `length(${id}) BETWEEN 1 AND 64 AND ${id} NOT GLOB '*[^A-Za-z0-9_-]*'`,
  jsonSet: (column, path, value) => `json_set(${column}, '$.${path.join('.')}', ${value})`,
});

export const postgresMigrations = migrationsOf({
  sqlite: false,
  instant: 'timestamptz',
  json: 'jsonb',
  strict: '',
  jsonText: (path) => `ref #>> '{${path.join(',')}}'`,
  validId: (id) => `${id} ~ '^[A-Za-z0-9_-]{1,64}$'`,
  jsonSet: (column, path, value) =>
    `jsonb_set(${column}, '{${path.join(',')}}', to_jsonb(${value}))`,
});
