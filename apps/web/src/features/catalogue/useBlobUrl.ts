import { useEffect, useState } from 'react';

/**
 * A blob as an object URL for <img> (files behind our bearer token, which an <img> cannot send), freed when the blob
 * changes or the component goes.
 */
export function useBlobUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return blob ? url : null;
}
