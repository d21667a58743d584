import { useEffect } from "preact/hooks";

/**
 * Autoplay for the home banner carousel (which works without it: a scroll-snap track with
 * anchors): the next banner every `seconds`, paused while the pointer or focus is on it or the
 * tab is hidden, and never when the reader asked for reduced motion.
 */
export default function BannerAutoplay({ seconds }: { seconds: number }) {
  useEffect(() => {
    const track = document.querySelector<HTMLElement>(".banner-track");
    if (!track || track.children.length < 2) return;
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let paused = false;
    const pause = () => paused = true;
    const resume = () => paused = false;
    const box = track.parentElement!;
    box.addEventListener("pointerenter", pause);
    box.addEventListener("pointerleave", resume);
    box.addEventListener("focusin", pause);
    box.addEventListener("focusout", resume);
    box.addEventListener("touchstart", pause, { passive: true });
    const timer = setInterval(() => {
      if (paused || document.hidden) return;
      const w = track.clientWidth;
      const next = Math.round(track.scrollLeft / w) + 1;
      track.scrollTo({ left: next >= track.children.length ? 0 : next * w, behavior: "smooth" });
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, []);
  return null;
}
