// The board's pages (docs/lessons.md "Realtime"): an element's page is `customData.pageId`, the first page when
// it has none.
import type { BoardElement, BoardPage } from '@edu/contract';

interface PagedElement {
  customData?: { pageId?: string } | null;
}

/** The page an element is on. */
export function pageOf(element: PagedElement, firstPageId: string): string {
  return element.customData?.pageId ?? firstPageId;
}

/** The elements on page `pageId` of a board whose first page is `pages[0]`. */
export function elementsOfPage<E extends PagedElement = BoardElement>(
  elements: readonly E[],
  pageId: string,
  pages: readonly BoardPage[],
): E[] {
  const first = pages[0]?.id ?? pageId;
  return elements.filter((e) => pageOf(e, first) === pageId);
}
