import { useEffect } from 'react';

export const APP_NAME = 'Atlas Studio';

/** Sets the browser tab's title to "<title> · Atlas Studio". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
