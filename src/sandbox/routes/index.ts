/** The route tables: the Access Service's API (under /api/v1) and the sandbox's own controls. */
import { Router } from '../router.ts';
import { controlRoutes } from './control.ts';
import { directoryRoutes } from './directory.ts';
import { taskRoutes } from './tasks.ts';
import { workAppRoutes } from './work-apps.ts';

export const apiRouter = new Router({ ...directoryRoutes, ...workAppRoutes, ...taskRoutes });
export const controlRouter = new Router(controlRoutes);
