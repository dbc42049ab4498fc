/**
 * A section's background video (the page builder's `.gdlr-core-pbf-background-video` or our
 * `[data-background-video]`), printed with its sources in `data-src` so nothing is fetched before
 * this decides: phones (below 768 px), data-saver connections and visitors who ask for reduced
 * motion keep the poster and never download the video; everyone else gets it muted, looping and
 * playing inline. Embedded players (YouTube, Vimeo) are third-party marketing content and wait for
 * consent instead (client/islands/CookieConsent).
 */
export const NO_VIDEO_BELOW_PX = 768;

export function shouldLoadVideo(env: { width: number; saveData: boolean; reducedMotion: boolean }): boolean {
  return env.width >= NO_VIDEO_BELOW_PX && !env.saveData && !env.reducedMotion;
}

export function mount(root: HTMLElement): () => void {
  const video = root.querySelector<HTMLVideoElement>('video');
  if (!video) throw new Error('[island BackgroundVideo] no video element');
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  const load = shouldLoadVideo({
    width: window.innerWidth,
    saveData: connection?.saveData === true,
    reducedMotion: window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  });
  if (!load) {
    root.dataset.backgroundVideo = 'poster';
    return () => {};
  }
  const sources = [video, ...Array.from(video.querySelectorAll('source'))];
  for (const el of sources) {
    const src = el.getAttribute('data-src');
    if (src) el.setAttribute('src', src);
  }
  Object.assign(video, { muted: true, loop: true, playsInline: true, autoplay: true });
  video.setAttribute('aria-hidden', 'true');
  video.load();
  // Autoplay may be refused (a browser setting); the poster stays, nothing breaks.
  video.play().catch(() => {});
  root.dataset.backgroundVideo = 'playing';
  return () => video.pause();
}
