import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { ReactNode } from 'react';
import { SITE } from '../config/site';

/**
 * Brand images rendered at build time (satori → SVG → resvg → PNG) from the brand's text and
 * colours: the social post (1080x1080), the profile picture (512x512), the logo and Open Graph cards
 * (1200x630) for articles and businesses. Only public text goes into them.
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

/** Bump when the templates change, so cached images are redrawn. */
const TEMPLATE_VERSION = 1;
const CACHE_DIR = path.resolve('node_modules/.cache/lagos-auto-images');

/**
 * Renders `node` to a PNG, cached on disk by `key` (the inputs of the template): a rebuild after one
 * listing changes redraws one image, not all of them.
 */
export async function renderPng(
  node: ReactNode,
  width: number,
  height: number,
  key: unknown,
): Promise<Buffer> {
  const hash = createHash('sha256')
    .update(JSON.stringify([TEMPLATE_VERSION, width, height, key]))
    .digest('hex')
    .slice(0, 32);
  const file = path.join(CACHE_DIR, `${hash}.png`);
  if (existsSync(file)) return readFileSync(file);
  const svg = await satori(node as never, { width, height, fonts: loadFonts() });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(file, png);
  return png;
}

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
  return renderPng(
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        width: '100%',
        height: '100%',
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
    ['social-post', SITE.tagline],
  );
}

/** SPEC §9 profile picture: 512x512. */
export function profilePicture(): Promise<Buffer> {
  return renderPng(
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: '100%',
        height: '100%',
        background: BRAND.dark,
      }}
    >
      <Mark size={340} />
    </div>,
    512,
    512,
    ['profile-picture'],
  );
}

/** The logo: mark and word mark, 1200x400 on transparent. */
export function logo(): Promise<Buffer> {
  return renderPng(
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 48,
        width: '100%',
        height: '100%',
        padding: 60,
        fontFamily: 'Inter',
      }}
    >
      <Mark size={260} />
      <div style={{ display: 'flex', fontSize: 140, fontWeight: 700, color: BRAND.ink }}>
        Lagos<span style={{ color: '#d08c00' }}>AutoHub</span>
      </div>
    </div>,
    1200,
    400,
    ['logo'],
  );
}

/** Open Graph card, 1200x630. */
export function ogCard({
  kicker,
  title,
  subtitle,
}: {
  kicker: string;
  title: string;
  subtitle?: string | null;
}): Promise<Buffer> {
  return renderPng(
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        width: '100%',
        height: '100%',
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
    ['og', kicker, title, subtitle],
  );
}

export function pngResponse(png: Buffer): Response {
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
}
