/** Canvas filters, kept in local storage per project (businessFilter-{projectId}, productFilter-…). */
import { useCallback, useState } from 'react';
import type { CanvasFilters } from '@assay/domain';

export function filterStorageKey(kind: 'business' | 'product', projectId: string) {
  return `${kind}Filter-${projectId}`;
}

function read(key: string): CanvasFilters {
  try {
    const raw = localStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as unknown) : {};
    return parsed && typeof parsed === 'object' ? (parsed as CanvasFilters) : {};
  } catch {
    return {};
  }
}

/** Drops empty parts so an unfiltered canvas shares one cache entry. */
export function compactFilters(filters: CanvasFilters): CanvasFilters {
  const out: CanvasFilters = {};
  if (filters.tags?.length) out.tags = filters.tags;
  if (filters.statuses?.length) out.statuses = filters.statuses;
  if (filters.results?.length) out.results = filters.results;
  if (filters.risky) out.risky = true;
  if (filters.mine) out.mine = true;
  if (filters.activeOnly) out.activeOnly = true;
  if (filters.search?.trim()) out.search = filters.search.trim();
  return out;
}

/** The filters kept for a project's board (what its first screen asks for). */
export function storedFilters(kind: 'business' | 'product', projectId: string): CanvasFilters {
  return compactFilters(read(filterStorageKey(kind, projectId)));
}

export function useFilters(kind: 'business' | 'product', projectId: string) {
  const key = filterStorageKey(kind, projectId);
  const [filters, setState] = useState<CanvasFilters>(() => storedFilters(kind, projectId));
  const setFilters = useCallback(
    (next: CanvasFilters) => {
      const compact = compactFilters(next);
      setState(compact);
      try {
        localStorage.setItem(key, JSON.stringify(compact));
      } catch {
        // Storage full or blocked: the filter still applies for this visit.
      }
    },
    [key],
  );
  return [filters, setFilters] as const;
}
