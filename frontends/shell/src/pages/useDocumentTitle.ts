import { useEffect } from 'react';
import { documentTitle } from '../routes.js';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
