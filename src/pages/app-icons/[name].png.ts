import { Resvg } from '@resvg/resvg-js';
import type { APIRoute, GetStaticPaths } from 'astro';
import { BRAND, drawingSvg, pngResponse, profilePictureDrawing } from '../../render/brand-images';

/**
 * The web app manifest's icons (issue 22.5, ADR 030), drawn at build time from the brand's
 * profile picture (SPEC §9, src/render/brand-images.tsx): `/app-icons/icon-192.png`,
 * `icon-512.png`, `maskable-512.png` (the picture at 80 % on the brand's dark ground, so the
 * mark stays inside the circle a launcher may cut it to) and `apple-touch-icon.png` (180).
 */
const ICONS = {
  'icon-192': { size: 192, maskable: false },
  'icon-512': { size: 512, maskable: false },
  'maskable-512': { size: 512, maskable: true },
  'apple-touch-icon': { size: 180, maskable: false },
} as const;

/** The maskable variant: the drawing scaled to 80 % in the middle of the brand's dark square. */
function maskable(svg: string, size: number): string {
  const inset = size * 0.1;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${BRAND.dark}"/><g transform="translate(${inset} ${inset}) scale(0.8)">${svg}</g></svg>`;
}

export const getStaticPaths: GetStaticPaths = () =>
  Object.keys(ICONS).map((name) => ({ params: { name } }));

export const GET: APIRoute = async ({ params }) => {
  const { size, maskable: isMaskable } = ICONS[params.name as keyof typeof ICONS];
  const drawing = profilePictureDrawing();
  const svg = await drawingSvg(drawing);
  const source = isMaskable ? maskable(svg, drawing.width) : svg;
  const png = new Resvg(source, { fitTo: { mode: 'width', value: size } }).render().asPng();
  return pngResponse(Buffer.from(png));
};
