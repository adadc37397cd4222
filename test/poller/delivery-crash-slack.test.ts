/** Every message exactly once, never stale, on Slack: delivery-crash.ts. */
import { describeCrashes } from './delivery-crash.ts';

describeCrashes('slack');
