/** Favourites order (part 1 §9.3, part 2 §9). */

export const FAVORITE_SUBJECT_TYPES = ['projects', 'collections', 'cohorts'] as const;
export type FavoriteSubjectType = (typeof FAVORITE_SUBJECT_TYPES)[number];

export interface FavoriteLike {
  subjectType: string;
  name: string;
}

/**
 * Sorts favourites by name case-insensitively, then by subject type (projects, collections,
 * cohorts). Card favourites and other subject types are left out.
 */
export function sortFavorites<T extends FavoriteLike>(favorites: readonly T[]): T[] {
  const rank = (type: string) => FAVORITE_SUBJECT_TYPES.indexOf(type as FavoriteSubjectType);
  return favorites
    .filter((f) => rank(f.subjectType) >= 0)
    .sort((a, b) => {
      const byName = a.name.toLocaleLowerCase().localeCompare(b.name.toLocaleLowerCase());
      return byName !== 0 ? byName : rank(a.subjectType) - rank(b.subjectType);
    });
}
