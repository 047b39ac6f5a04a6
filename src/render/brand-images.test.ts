import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  drawingSvg,
  logoDrawing,
  ogCardDrawing,
  profilePictureDrawing,
  socialPostDrawing,
  type Drawing,
} from './brand-images';

/** A box in canvas pixels. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const attr = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? match[1]! : undefined;
};

/**
 * What satori drew, measured from its SVG: the box around all text (each glyph is a `<path>` of
 * absolute M/L/Q/C commands, whose points bound it) and the boxes of the drawn shapes (`<rect>`
 * and `<path>` with x/y/width/height; masks and the full-canvas background left out).
 */
function measure(svg: string, width: number, height: number) {
  const body = svg.replace(/<mask[\s\S]*?<\/mask>/g, '');
  const text: Box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  const shapes: Box[] = [];
  for (const [tag] of body.matchAll(/<(?:path|rect)\b[^>]*>/g)) {
    const x = attr(tag, 'x');
    if (x !== undefined) {
      const box = {
        left: Number(x),
        top: Number(attr(tag, 'y')),
        right: Number(x) + Number(attr(tag, 'width')),
        bottom: Number(attr(tag, 'y')) + Number(attr(tag, 'height')),
      };
      const background =
        box.left <= 0 && box.top <= 0 && box.right >= width && box.bottom >= height;
      if (!background) shapes.push(box);
      continue;
    }
    const d = attr(tag, 'd') ?? '';
    // Borders are drawn with relative commands along a box (the Open Graph card's bottom band);
    // glyphs with absolute M/L/Q/C/Z commands only.
    if (/[a-z]/.test(d)) continue;
    const numbers = d.match(/-?\d*\.?\d+(?:e-?\d+)?/g)?.map(Number) ?? [];
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      text.left = Math.min(text.left, numbers[i]!);
      text.right = Math.max(text.right, numbers[i]!);
      text.top = Math.min(text.top, numbers[i + 1]!);
      text.bottom = Math.max(text.bottom, numbers[i + 1]!);
    }
  }
  return { text, shapes };
}

/** Issue 13.4: everything drawn stays this many pixels (or more) inside the canvas edges. */
function expectInside(box: Box, drawing: Drawing, margin: number, what: string) {
  const inside =
    box.left >= margin &&
    box.top >= margin &&
    box.right <= drawing.width - margin &&
    box.bottom <= drawing.height - margin;
  expect(
    inside,
    `${what} ${JSON.stringify(box)} within ${margin} px of the ${drawing.width}×${drawing.height} canvas`,
  ).toBe(true);
}

const LONG_TITLE =
  'Keeping your car air conditioning cold through the Lagos dry season, the harmattan and the traffic';

describe('promotional images fit their text with a margin (issue 13.4)', () => {
  const drawings: [string, Drawing, number][] = [
    ['social post', socialPostDrawing(), 48],
    ['profile picture', profilePictureDrawing(), 48],
    ['logo', logoDrawing(), 32],
    [
      'Open Graph card (long title)',
      ogCardDrawing({
        kicker: 'Mechanic / Repair Services',
        title: LONG_TITLE,
        subtitle: 'Off Herbert Macaulay Way, Yaba, Lagos',
      }),
      32,
    ],
    ['Open Graph card', ogCardDrawing({ kicker: 'News', title: 'Lagos Auto Hub' }), 32],
  ];
  for (const [name, drawing, margin] of drawings) {
    it(name, async () => {
      const { text, shapes } = measure(await drawingSvg(drawing), drawing.width, drawing.height);
      expect(text.right, `${name} draws text`).toBeGreaterThan(text.left);
      expectInside(text, drawing, margin, `${name}: text`);
      for (const shape of shapes) expectInside(shape, drawing, margin, `${name}: shape`);
    });
  }

  it('the measure sees text drawn past the edge', async () => {
    const node = createElement(
      'div',
      { style: { display: 'flex', fontFamily: 'Inter', fontSize: 80, padding: 20 } },
      'Overflowing',
    );
    const { text } = measure(await drawingSvg({ node, width: 300, height: 200 }), 300, 200);
    expect(text.left).toBeGreaterThanOrEqual(20);
    expect(text.right).toBeGreaterThan(300);
  });
});
