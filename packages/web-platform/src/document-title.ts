import { useEffect } from 'react';

/** The site name the shell appends to every document title. */
const SITE_NAME = 'B2G Job Board';

/**
 * Sets the document title (`{title} | B2G Job Board`) and the meta description while the page is
 * shown; the previous description comes back when it leaves.
 */
export function useDocumentMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);

  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = meta === null;
    if (meta === null) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
