/** The route table of the Access Service's API (under /api/v1). */
import { Router } from '../router.ts';
import { directoryRoutes } from './directory.ts';
import { taskRoutes } from './tasks.ts';
import { workAppRoutes } from './work-apps.ts';

export const apiRouter = new Router({ ...directoryRoutes, ...workAppRoutes, ...taskRoutes });
