/** Every message exactly once, never stale, on Teams: delivery-crash.ts. */
import { describeCrashes } from './delivery-crash.ts';

describeCrashes('teams');
