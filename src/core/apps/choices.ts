/** What a request form offers: applications and permission levels, by id and name. */
import { z } from 'zod';
import { inert } from '../text.ts';

export const Choice = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
});
export type Choice = z.infer<typeof Choice>;

export const choiceOf = (item: {
  id: string;
  name: string;
  description?: string | null;
}): Choice => ({
  id: item.id,
  name: inert(item.name),
  ...(item.description ? { description: inert(item.description) } : {}),
});
