import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { pictureProblem } from './picture';

export interface Preview {
  url: string;
  name: string;
}

/**
 * The chosen file as a preview (one object URL at a time, revoked as soon as it is replaced,
 * cleared, or the page goes away) or as the sentence refusing it. `choose` reads the input's file
 * (a file input is the browser's to hold: it is read, and emptied when refused, through its ref).
 */
export function usePicturePreview(input: React.RefObject<HTMLInputElement | null>) {
  const [preview, setPreview] = useState<Preview | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const shown = useRef<string | undefined>(undefined);

  // In the commit that shows the next preview (a passive effect's cleanup would run after paint,
  // later under Preact than React): the replaced URL is never left alive.
  useLayoutEffect(() => {
    shown.current = preview?.url;
    return () => {
      if (preview) URL.revokeObjectURL(preview.url);
    };
  }, [preview]);
  useEffect(() => {
    const revoke = () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
      shown.current = undefined;
    };
    window.addEventListener('pagehide', revoke);
    return () => window.removeEventListener('pagehide', revoke);
  }, []);

  const refuse = (text: string) => {
    if (input.current) input.current.value = '';
    setPreview(undefined);
    setProblem(text);
  };
  const choose = () => {
    const file = input.current?.files?.[0];
    const refused = file && pictureProblem(file);
    if (refused) return refuse(refused);
    setProblem(undefined);
    setPreview(file ? { url: URL.createObjectURL(file), name: file.name } : undefined);
  };
  return { preview, problem, choose, refuse };
}
