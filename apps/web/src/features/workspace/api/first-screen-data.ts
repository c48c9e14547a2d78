/**
 * The business canvas's first screen, asked for as the app starts (#53): the canvas, the agent's
 * banner, what to test next and the organisation's AI allowance — what `useBusinessFirstScreen`
 * waits for. Asked for by the screen's own queries instead, they would start only once the
 * route's code had run and the page had rendered once (~140 ms later on a warm load).
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  generationLimitsQueryOptions,
  projectGenerationQueryOptions,
} from '../../../api/generation.ts';
import { testNextQueryOptions } from '../../../api/test-next.ts';
import { storedFilters } from '../hooks/use-filters.ts';
import { canvasQueryOptions } from './canvas.ts';

/** How many hypotheses "what to test next" shows above the board. */
export const TEST_NEXT_LIMIT = 3;

export function prefetchBusinessCanvas(client: QueryClient, projectId: string) {
  void client.prefetchQuery(canvasQueryOptions(projectId, storedFilters('business', projectId)));
  void client.prefetchQuery(projectGenerationQueryOptions(projectId));
  void client.prefetchQuery(testNextQueryOptions(projectId, TEST_NEXT_LIMIT));
  void client.prefetchQuery(generationLimitsQueryOptions());
}
