import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { ReactNode } from 'react';
import { SITE } from '../../common/config/site';

/**
 * Brand images (satori → SVG → resvg → PNG) from the brand's text and colours: the social post
 * (1080x1080), the profile picture (512x512) and the logo, drawn at build time, and Open Graph
 * cards (1200x630) for articles and businesses, drawn on demand and kept by the page cache / CDN
 * under the listing's or article's cache tag (ADR 011). Only public text goes into them.
 */
const require = createRequire(import.meta.url);
const font = (weight: 400 | 700) =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
const loadFonts = () =>
  (fonts ??= [
    { name: 'Inter', data: font(400), weight: 400, style: 'normal' },
    { name: 'Inter', data: font(700), weight: 700, style: 'normal' },
  ]);

export const BRAND = {
  yellow: '#f5b800',
  dark: '#15181d',
  ink: '#1c1f24',
  light: '#d6d9de',
} as const;

/** An image to draw: satori's element tree and the canvas size in pixels. */
export interface Drawing {
  node: ReactNode;
  width: number;
  height: number;
}

/**
 * The drawing as satori's SVG: every glyph is a `<path>` in canvas pixels, every box a `<rect>`
 * or a `<path>` with its x/y/width/height (what the brand-image test measures against the canvas).
 */
export function drawingSvg({ node, width, height }: Drawing): Promise<string> {
  return satori(node as never, { width, height, fonts: loadFonts() });
}

/** Renders a drawing to a PNG of its size (~40 ms for an Open Graph card). */
export async function renderDrawing(drawing: Drawing): Promise<Buffer> {
  const svg = await drawingSvg(drawing);
  return Buffer.from(
    new Resvg(svg, { fitTo: { mode: 'width', value: drawing.width } }).render().asPng(),
  );
}

/** Renders `node` to a PNG of `width` × `height` pixels. */
export function renderPng(node: ReactNode, width: number, height: number): Promise<Buffer> {
  return renderDrawing({ node, width, height });
}

/**
 * The canvas of a drawing: its padding is inside its size (satori's boxes are content-box by
 * default, so `width: 100%` plus padding drew past the right and bottom edges and clipped
 * "Hub", "tow" and the button: issue 13.4).
 */
const CANVAS = { display: 'flex', width: '100%', height: '100%', boxSizing: 'border-box' } as const;

function Mark({ size }: { size: number }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: size * 0.2,
        background: BRAND.yellow,
        color: BRAND.ink,
        fontSize: size * 0.42,
        fontWeight: 700,
      }}
    >
      LA
    </div>
  );
}

/** SPEC §9 social post: 1080x1080 with the founding-partners offer. */
export function socialPost(): Promise<Buffer> {
  return renderDrawing(socialPostDrawing());
}

export function socialPostDrawing(): Drawing {
  return drawing(
    <div
      style={{
        ...CANVAS,
        flexDirection: 'column',
        justifyContent: 'space-between',
        background: BRAND.dark,
        color: '#fff',
        padding: 80,
        fontFamily: 'Inter',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 28 }}>
        <Mark size={120} />
        <div style={{ display: 'flex', fontSize: 64, fontWeight: 700 }}>
          Lagos<span style={{ color: BRAND.yellow }}>AutoHub</span>
        </div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 28 }}>
        <div style={{ display: 'flex', fontSize: 76, fontWeight: 700, lineHeight: 1.1 }}>
          List your auto business for free
        </div>
        <div style={{ display: 'flex', fontSize: 40, color: BRAND.light, lineHeight: 1.3 }}>
          The first 100 businesses become founding partners. Mechanics, parts sellers, dealers, body
          shops and tow trucks across Lagos.
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          fontSize: 36,
        }}
      >
        <div
          style={{
            display: 'flex',
            background: BRAND.yellow,
            color: BRAND.ink,
            padding: '20px 36px',
            borderRadius: 16,
            fontWeight: 700,
          }}
        >
          Free registration
        </div>
        <div style={{ display: 'flex', color: BRAND.light }}>{SITE.tagline.split(',')[0]}</div>
      </div>
    </div>,
    1080,
    1080,
  );
}

/** SPEC §9 profile picture: 512x512. */
export function profilePicture(): Promise<Buffer> {
  return renderDrawing(profilePictureDrawing());
}

export function profilePictureDrawing(): Drawing {
  return drawing(
    <div
      style={{
        ...CANVAS,
        alignItems: 'center',
        justifyContent: 'center',
        background: BRAND.dark,
      }}
    >
      <Mark size={340} />
    </div>,
    512,
    512,
  );
}

/** The logo: mark and word mark, 1200x400 on transparent. */
export function logo(): Promise<Buffer> {
  return renderDrawing(logoDrawing());
}

export function logoDrawing(): Drawing {
  return drawing(
    <div
      style={{
        ...CANVAS,
        alignItems: 'center',
        gap: 48,
        padding: 60,
        fontFamily: 'Inter',
      }}
    >
      <Mark size={260} />
      <div style={{ display: 'flex', fontSize: 108, fontWeight: 700, color: BRAND.ink }}>
        Lagos<span style={{ color: '#d08c00' }}>AutoHub</span>
      </div>
    </div>,
    1200,
    400,
  );
}

/** What an Open Graph card says. */
export interface OgCardText {
  kicker: string;
  title: string;
  subtitle?: string | null;
}

/** Open Graph card, 1200x630. */
export function ogCard(text: OgCardText): Promise<Buffer> {
  return renderDrawing(ogCardDrawing(text));
}

export function ogCardDrawing({ kicker, title, subtitle }: OgCardText): Drawing {
  return drawing(
    <div
      style={{
        ...CANVAS,
        flexDirection: 'column',
        justifyContent: 'space-between',
        background: BRAND.dark,
        color: '#fff',
        padding: 64,
        fontFamily: 'Inter',
        borderBottom: `16px solid ${BRAND.yellow}`,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
        <Mark size={72} />
        <div style={{ display: 'flex', fontSize: 40, fontWeight: 700 }}>
          Lagos<span style={{ color: BRAND.yellow }}>AutoHub</span>
        </div>
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        <div style={{ display: 'flex', color: BRAND.yellow, fontSize: 30, fontWeight: 700 }}>
          {kicker}
        </div>
        <div
          style={{
            display: 'flex',
            fontSize: title.length > 60 ? 56 : 68,
            fontWeight: 700,
            lineHeight: 1.1,
          }}
        >
          {title}
        </div>
        {subtitle && (
          <div style={{ display: 'flex', fontSize: 30, color: BRAND.light }}>
            {subtitle.slice(0, 140)}
          </div>
        )}
      </div>
    </div>,
    1200,
    630,
  );
}

function drawing(node: ReactNode, width: number, height: number): Drawing {
  return { node, width, height };
}

export function pngResponse(png: Buffer): Response {
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
}
