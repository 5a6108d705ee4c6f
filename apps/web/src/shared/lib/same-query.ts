/**
 * Whether a list's search asks for what it shows already (the same filters on its first page).
 * Setting the same state fetches nothing, so the Search button would do nothing: the caller
 * fetches again instead, and the merchant sees the list as it is now.
 */
export function isSameQuery(next: object, current: object, pageNo = 1): boolean {
  return pageNo === 1 && JSON.stringify(next) === JSON.stringify(current);
}
