// The landing page's drifting particles: plain data and drawing, no React, so it is easy to test and
// the component only deals with the canvas lifecycle. Sizes are in CSS pixels.

export const PARTICLE_COUNT = 50; // SPEC §9
const LINK_DISTANCE = 120;
const MIN_SPEED = 6;
const MAX_SPEED = 20; // px per second: slow enough to read text over

export type Particle = { x: number; y: number; vx: number; vy: number; radius: number };

export type ParticleColors = { dot: string; link: string };

export function createParticles(width: number, height: number, random: () => number = Math.random) {
  return Array.from({ length: PARTICLE_COUNT }, (): Particle => {
    const angle = random() * Math.PI * 2;
    const speed = MIN_SPEED + random() * (MAX_SPEED - MIN_SPEED);
    return {
      x: random() * width,
      y: random() * height,
      vx: Math.cos(angle) * speed,
      vy: Math.sin(angle) * speed,
      radius: 1.2 + random() * 1.8,
    };
  });
}

// Keeps each particle at the same relative spot when the canvas changes size.
export function rescaleParticles(
  particles: Particle[],
  from: { width: number; height: number },
  to: typeof from,
) {
  const scaleX = from.width > 0 ? to.width / from.width : 1;
  const scaleY = from.height > 0 ? to.height / from.height : 1;
  for (const particle of particles) {
    particle.x *= scaleX;
    particle.y *= scaleY;
  }
}

export function moveParticles(particles: Particle[], seconds: number, width: number, height: number) {
  for (const particle of particles) {
    particle.x += particle.vx * seconds;
    particle.y += particle.vy * seconds;
    // Bounce off the edges so the field never thins out on one side.
    if (particle.x < 0 || particle.x > width) {
      particle.vx = -particle.vx;
      particle.x = Math.min(Math.max(particle.x, 0), width);
    }
    if (particle.y < 0 || particle.y > height) {
      particle.vy = -particle.vy;
      particle.y = Math.min(Math.max(particle.y, 0), height);
    }
  }
}

// Links fade with distance. Each link used to be its own path and stroke (~140 a frame, each a raster
// pass over the canvas's layer); now links are grouped by how faint they are, one path per band, so a
// frame is LINK_BANDS strokes and one fill. Ten bands of 0.035 alpha each: a link is drawn at most
// 0.0175 lighter or darker than its exact fade, which no one sees on lines this faint.
const LINK_ALPHA = 0.35;
const LINK_BANDS = 10;
const LINK_DISTANCE_SQUARED = LINK_DISTANCE * LINK_DISTANCE;
const bandPaths: number[][] = Array.from({ length: LINK_BANDS }, () => []);

export function drawParticles(
  context: CanvasRenderingContext2D,
  particles: Particle[],
  colors: ParticleColors,
  width: number,
  height: number,
) {
  context.clearRect(0, 0, width, height);

  for (const band of bandPaths) band.length = 0;
  for (let i = 0; i < particles.length; i++) {
    const a = particles[i];
    if (!a) continue;
    for (let j = i + 1; j < particles.length; j++) {
      const b = particles[j];
      if (!b) continue;
      const dx = a.x - b.x;
      const dy = a.y - b.y;
      const squared = dx * dx + dy * dy;
      if (squared >= LINK_DISTANCE_SQUARED) continue;
      // The link's fade, 1 when the two touch, 0 at LINK_DISTANCE, as its band's index.
      const fade = 1 - Math.sqrt(squared) / LINK_DISTANCE;
      const band = bandPaths[Math.min(LINK_BANDS - 1, Math.floor(fade * LINK_BANDS))];
      band?.push(a.x, a.y, b.x, b.y);
    }
  }

  context.strokeStyle = colors.link;
  context.lineWidth = 1;
  for (let band = 0; band < LINK_BANDS; band++) {
    const lines = bandPaths[band];
    if (!lines || lines.length === 0) continue;
    // The band's middle fade.
    context.globalAlpha = ((band + 0.5) / LINK_BANDS) * LINK_ALPHA;
    context.beginPath();
    for (let k = 0; k < lines.length; k += 4) {
      context.moveTo(lines[k] as number, lines[k + 1] as number);
      context.lineTo(lines[k + 2] as number, lines[k + 3] as number);
    }
    context.stroke();
  }

  context.globalAlpha = 0.7;
  context.fillStyle = colors.dot;
  context.beginPath();
  for (const particle of particles) {
    context.moveTo(particle.x + particle.radius, particle.y);
    context.arc(particle.x, particle.y, particle.radius, 0, Math.PI * 2);
  }
  context.fill();
  context.globalAlpha = 1;
}
