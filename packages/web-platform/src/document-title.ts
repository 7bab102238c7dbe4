import { documentTitle } from '@b2g/contracts';
import { useEffect } from 'react';

/** Sets the document title (`{title} | B2G Job Board`) while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * Sets the document title (`{title} | B2G Job Board`) and the meta description while the page is
 * shown; the previous description comes back when it leaves.
 */
export function useDocumentMeta(title: string, description: string): void {
  useDocumentTitle(title);

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
