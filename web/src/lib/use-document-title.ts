import { useEffect } from 'react';
import { PRODUCT_NAME } from './paths.ts';

/** Sets the tab title: "{title} | WeeklyDiv" (just "WeeklyDiv" without a title). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
