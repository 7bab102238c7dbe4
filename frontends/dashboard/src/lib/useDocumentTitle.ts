import { useEffect } from 'react';

/** The site name the shell appends to every document title. */
const SITE_NAME = 'B2G Job Board';

/** Sets the document title (`{title} | B2G Job Board`) while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
}
