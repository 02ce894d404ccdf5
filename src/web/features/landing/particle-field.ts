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

export function drawParticles(
  context: CanvasRenderingContext2D,
  particles: Particle[],
  colors: ParticleColors,
  width: number,
  height: number,
) {
  context.clearRect(0, 0, width, height);

  context.strokeStyle = colors.link;
  context.lineWidth = 1;
  for (let i = 0; i < particles.length; i++) {
    const a = particles[i];
    if (!a) continue;
    for (let j = i + 1; j < particles.length; j++) {
      const b = particles[j];
      if (!b) continue;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      if (distance >= LINK_DISTANCE) continue;
      context.globalAlpha = (1 - distance / LINK_DISTANCE) * 0.35;
      context.beginPath();
      context.moveTo(a.x, a.y);
      context.lineTo(b.x, b.y);
      context.stroke();
    }
  }

  context.globalAlpha = 0.7;
  context.fillStyle = colors.dot;
  for (const particle of particles) {
    context.beginPath();
    context.arc(particle.x, particle.y, particle.radius, 0, Math.PI * 2);
    context.fill();
  }
  context.globalAlpha = 1;
}
