// The link-preview pictures (og:image, twitter:image, oEmbed thumbnail): 1200×630 PNGs of a post or an
// askline, drawn with satori (layout to SVG) and resvg (SVG to PNG). Both take the CPU for tens to
// hundreds of milliseconds, so this module runs only in the render pool's threads (render-pool.ts,
// preview-worker.mjs), never on the thread that answers requests. The JSX here is satori's input, never
// React DOM: every string is drawn as text, so nothing a user wrote can become markup. An anonymous post
// arrives here already without its author (present-post.ts).
import { Resvg } from '@resvg/resvg-js';
import type { CSSProperties, ReactNode } from 'react';
import satori from 'satori';
import { BRAND_MARK } from '../../../shared/brand-mark';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from '../../../shared/share';
import { loadAdditionalAsset, loadBaseFonts } from './image-fonts';

const colors = {
  ink: '#ffffff',
  soft: '#c7d2fe',
  muted: '#a5b4fc',
  brand: '#4f39f6',
  accent: '#ffb900',
};

export interface PostImageInput {
  content: string;
  /** Null for an anonymous post: the picture then says only "Anonymous". */
  author: { fullName: string; username: string } | null;
  /** The author's photo as a data: URL (small JPEG), or null for the initial. */
  photo: string | null;
  askline: string | null;
  date: string;
}

export interface AsklineImageInput {
  content: string;
  postCount: number;
}

/** Big text for a short post, smaller as it grows, so 256 characters still fit. */
function contentFontSize(text: string): number {
  const length = Array.from(text).length;
  if (length <= 60) return 60;
  if (length <= 120) return 48;
  if (length <= 190) return 40;
  return 34;
}

function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        padding: '56px 64px',
        backgroundColor: '#1e1a4d',
        backgroundImage: 'linear-gradient(135deg, #171336 0%, #2f2a7a 55%, #4f39f6 100%)',
        color: colors.ink,
        fontFamily: 'Inter',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <BrandTile />
        <span style={{ fontSize: 30, fontWeight: 700, letterSpacing: -0.5 }}>Campus Yearbook</span>
      </div>
      {children}
    </div>
  );
}

function BrandTile() {
  return (
    <svg width="48" height="48" viewBox={BRAND_MARK.viewBox} aria-hidden="true">
      <rect width="32" height="32" rx={BRAND_MARK.tileRadius} fill={colors.brand} />
      <g
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        transform={BRAND_MARK.bookTransform}
      >
        {BRAND_MARK.bookPaths.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </svg>
  );
}

const clamp = (lines: number): CSSProperties => ({
  display: 'block',
  lineClamp: lines,
  overflow: 'hidden',
});

function PostImage({ content, author, photo, askline, date }: PostImageInput) {
  const name = author?.fullName ?? 'Anonymous';
  const size = contentFontSize(content);
  return (
    <Frame>
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }}>
        {askline ? (
          <div
            style={{
              ...clamp(2),
              marginBottom: 24,
              fontSize: 26,
              lineHeight: 1.35,
              color: colors.accent,
              fontWeight: 700,
            }}
          >
            {`Askline: ${askline}`}
          </div>
        ) : null}
        <div
          style={{
            ...clamp(askline ? 5 : 6),
            fontSize: size,
            lineHeight: 1.3,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          {content}
        </div>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        {photo ? (
          <img src={photo} width={72} height={72} alt="" style={{ borderRadius: 36, objectFit: 'cover' }} />
        ) : (
          <div
            style={{
              width: 72,
              height: 72,
              borderRadius: 36,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              backgroundColor: author ? colors.brand : '#475569',
              fontSize: 34,
              fontWeight: 700,
            }}
          >
            {initialOf(name)}
          </div>
        )}
        <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
          <span style={{ ...clamp(1), fontSize: 30, fontWeight: 700 }}>{name}</span>
          {author ? (
            <span style={{ ...clamp(1), fontSize: 24, color: colors.soft }}>{`@${author.username}`}</span>
          ) : null}
        </div>
        <span style={{ fontSize: 24, color: colors.muted }}>{date}</span>
      </div>
    </Frame>
  );
}

function AsklineImage({ content, postCount }: AsklineImageInput) {
  return (
    <Frame>
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }}>
        <span style={{ fontSize: 28, fontWeight: 700, color: colors.accent, marginBottom: 20 }}>Askline</span>
        <div
          style={{ ...clamp(4), fontSize: contentFontSize(content) + 4, lineHeight: 1.25, fontWeight: 700 }}
        >
          {content}
        </div>
      </div>
      <span style={{ fontSize: 26, color: colors.soft }}>
        {`${postCount === 1 ? '1 post' : `${postCount} posts`} · Add yours on Campus Yearbook`}
      </span>
    </Frame>
  );
}

/** One picture to draw: what the render pool sends a thread (plain data, copied between threads). */
export type PreviewTask =
  | { kind: 'post'; input: PostImageInput }
  | { kind: 'askline'; input: AsklineImageInput };

async function toPng(element: ReactNode): Promise<Buffer> {
  const svg = await satori(element, {
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    fonts: await loadBaseFonts(),
    loadAdditionalAsset,
  });
  // Drawn on this (pool) thread rather than with renderAsync, which would take a libuv thread that the
  // main thread's file reads and sharp need.
  return new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().asPng();
}

export function renderPreview(task: PreviewTask): Promise<Buffer> {
  return task.kind === 'post'
    ? toPng(<PostImage {...task.input} />)
    : toPng(<AsklineImage {...task.input} />);
}

/** Reads the fonts every picture needs, so a new thread has them before its first drawing. */
export async function loadPreviewFonts(): Promise<void> {
  await loadBaseFonts();
}
