/**
 * Keeps a cohort's screens current (#26): while one is open, the cohort's channel says when
 * anything of the cohort changed — a score, a presentation, a card of a team — and the
 * leaderboard and presentations are read again (at most twice a second however busy the class).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBootstrap } from './bootstrap.ts';
import { subscribe } from './realtime.ts';

const REFRESH_EVERY_MS = 500;

export function useLiveCohort(cohortId: string | null | undefined) {
  const queryClient = useQueryClient();
  const signedIn = !!useBootstrap().data?.user;
  useEffect(() => {
    if (!signedIn || !cohortId || !/^[0-9a-f-]{36}$/i.test(cohortId)) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      timer = null;
      void queryClient.invalidateQueries({ queryKey: ['cohorts', 'leaderboard', cohortId] });
      void queryClient.invalidateQueries({ queryKey: ['cohorts', 'presentations', cohortId] });
    };
    const stop = subscribe(`c${cohortId}`, (event) => {
      if (event.event !== 'cohorts.changed' && event.event !== 'realtime.reconnected') return;
      timer ??= setTimeout(refresh, REFRESH_EVERY_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [cohortId, queryClient, signedIn]);
}
