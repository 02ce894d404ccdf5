import { useEffect, useRef } from 'react';
import {
  createParticles,
  drawParticles,
  moveParticles,
  PARTICLE_COUNT,
  type Particle,
  type ParticleColors,
  rescaleParticles,
} from '../particle-field';

// Hex, not theme variables: canvas colour parsing of oklch() is newer than the browsers we support.
const lightColors: ParticleColors = { dot: '#6366f1', link: '#818cf8' };
const darkColors: ParticleColors = { dot: '#a5b4fc', link: '#818cf8' };
// 30 frames a second, with room for a 60 Hz display's frames arriving a little early.
const FRAME_MS = 1000 / 30 - 4;

// Decorative, so aria-hidden. It animates only while the tab is visible and never when the user asks
// for reduced motion (then it draws one still frame).
export function ParticleBackground({ className = '' }: { className?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;

    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    const darkScheme = window.matchMedia('(prefers-color-scheme: dark)');
    let particles: Particle[] = [];
    let size = { width: 0, height: 0 };
    let frame = 0;
    let lastTime = 0;

    const render = () => {
      const colors = darkScheme.matches ? darkColors : lightColors;
      drawParticles(context, particles, colors, size.width, size.height);
    };

    const resize = () => {
      const rect = canvas.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return;
      const next = { width: rect.width, height: rect.height };
      // Back the canvas with device pixels so dots stay crisp on high-density screens.
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(next.width * ratio);
      canvas.height = Math.round(next.height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      if (particles.length === 0) particles = createParticles(next.width, next.height);
      else rescaleParticles(particles, size, next);
      size = next;
      render();
    };

    const tick = (time: number) => {
      frame = requestAnimationFrame(tick);
      // At most 30 drawings a second: a particle moves at most 0.7 px between two, which looks the
      // same as 60, and each drawing costs the main thread the canvas's commit to the compositor.
      if (lastTime !== 0 && time - lastTime < FRAME_MS) return;
      // Cap the step so a long frame (or a return from another tab) does not make particles jump.
      const seconds = lastTime === 0 ? 0 : Math.min((time - lastTime) / 1000, 0.05);
      lastTime = time;
      moveParticles(particles, seconds, size.width, size.height);
      render();
    };

    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };

    const syncAnimation = () => {
      if (reducedMotion.matches || document.hidden) {
        stop();
        render();
      } else if (frame === 0) {
        lastTime = 0;
        frame = requestAnimationFrame(tick);
      }
      // For tests and the curious: whether the field is animating or standing still.
      canvas.dataset.motion = frame === 0 ? 'still' : 'moving';
    };

    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    resize();
    // One still frame now; the animation starts once the page has loaded, the browser has been idle and
    // then three seconds more have passed: on a slow phone the seconds after the load are when the page
    // is taken over and its parts arrive, and each drawing (its commit to the compositor, a few ms on
    // a 2-core laptop, more on a phone) would share the main thread with that work.
    let started = false;
    const start = () => {
      started = true;
      syncAnimation();
      document.addEventListener('visibilitychange', syncAnimation);
      reducedMotion.addEventListener('change', syncAnimation);
    };
    const idle = whenIdle(start);
    darkScheme.addEventListener('change', render);

    return () => {
      idle.cancel();
      stop();
      observer.disconnect();
      darkScheme.removeEventListener('change', render);
      if (!started) return;
      document.removeEventListener('visibilitychange', syncAnimation);
      reducedMotion.removeEventListener('change', syncAnimation);
    };
  }, []);

  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabIndex is not focusable.
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-particle-count={PARTICLE_COUNT}
      className={`pointer-events-none ${className}`}
    />
  );
}

/** Calls `run` after the page's load event, once the browser has been idle and START_DELAY_MS more have passed. */
const START_DELAY_MS = 3000;
function whenIdle(run: () => void): { cancel: () => void } {
  // Safari has no requestIdleCallback: a short timeout stands in.
  const idleCallbacks = typeof window.requestIdleCallback === 'function';
  let idleId: number | undefined;
  let delayId: number | undefined;
  const schedule = () => {
    const later = () => {
      delayId = window.setTimeout(run, START_DELAY_MS);
    };
    idleId = idleCallbacks
      ? window.requestIdleCallback(later, { timeout: 1000 })
      : window.setTimeout(later, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return {
    cancel() {
      window.removeEventListener('load', schedule);
      window.clearTimeout(delayId);
      if (idleId === undefined) return;
      if (idleCallbacks) window.cancelIdleCallback(idleId);
      else window.clearTimeout(idleId);
    },
  };
}
