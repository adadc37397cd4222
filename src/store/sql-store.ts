import { type SqlDb, sql } from './sql.ts';
import type { Store } from './store.ts';
import { appTables } from './tables/apps.ts';
import { auditTables } from './tables/audit.ts';
import { awayTables } from './tables/away.ts';
import { campaignTables } from './tables/campaigns.ts';
import { confirmationTables } from './tables/confirmations.ts';
import { digestTables } from './tables/digests.ts';
import { groupTables } from './tables/groups.ts';
import { identityTables } from './tables/identity.ts';
import { outboxTables } from './tables/outbox.ts';
import { pollerTables } from './tables/poller.ts';
import { questionTables } from './tables/questions.ts';
import { rateTables, replayTables } from './tables/rate.ts';
import { reportTables } from './tables/report.ts';
import { requesterTables } from './tables/requesters.ts';
import { reviewCardTables } from './tables/review-cards.ts';
import { stepUpTables } from './tables/stepup.ts';
import { taskQuestionTables } from './tables/task-questions.ts';
import { workflowTables } from './tables/workflow.ts';

/** The tables of every role share the connection. */
export function sqlStore(db: SqlDb): Store {
  return {
    ...identityTables(db),
    ...auditTables(db),
    ...groupTables(db),
    ...confirmationTables(db),
    ...appTables(db),
    ...pollerTables(db),
    ...outboxTables(db),
    ...replayTables(db),
    ...rateTables(db),
    ...requesterTables(db),
    ...questionTables(db),
    ...taskQuestionTables(db),
    ...awayTables(db),
    ...digestTables(db),
    ...reportTables(db),
    ...campaignTables(db),
    ...workflowTables(db),
    ...stepUpTables(db),
    ...reviewCardTables(db),
    async ping() {
      await db.all('ping', sql`SELECT 1 AS one`);
    },
    close: () => db.close(),
  };
}
