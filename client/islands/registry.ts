/**
 * Every island the client knows: where it mounts (a selector that also matches pages WordPress
 * rendered), how its code is loaded (one lazy chunk each) and when (STYLE.md §2.6). Islands are
 * added here as the funnel is built.
 */
export interface IslandEntry {
  name: string;
  selector: string;
  when: 'load' | 'idle' | 'visible';
  load: () => Promise<{ mount: (element: HTMLElement) => (() => void) | undefined }>;
}

export const islands: readonly IslandEntry[] = [];
