import { useEffect, useRef, useState } from 'react';
import type { PhotoSlot } from '../design-form.ts';

/** A new photo is an object URL: released when it is replaced or the page goes. */
export function usePhotoUrlCleanup(photo: PhotoSlot | undefined): void {
  const url = photo?.kind === 'new' ? photo.url : null;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
}

/**
 * The optimistic `version` a design form saves against. It starts as the loaded one; when the page's
 * query brings a newer one (another tab saved) and the buyer has changed nothing, the form shows that
 * design instead (`resetToLoaded`). After a save the form sets the answered version itself.
 */
export function useLoadedVersion(loadedVersion: number, isDirty: boolean, resetToLoaded: () => void) {
  const [version, setVersion] = useState(loadedVersion);
  const reset = useRef(resetToLoaded);
  useEffect(() => {
    reset.current = resetToLoaded;
  });
  useEffect(() => {
    if (loadedVersion === version || isDirty) return;
    reset.current();
    setVersion(loadedVersion);
  }, [loadedVersion, version, isDirty]);
  return [version, setVersion] as const;
}
