import { describe, expect, it } from 'vitest';
import { detectImageType, sanitizeSvg } from './detect.ts';
import { SAMPLES } from './samples.fixtures.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => new TextEncoder().encode(s);
const concat = (a: Uint8Array, b: Uint8Array) => Uint8Array.from([...a, ...b]);


describe('image type from the bytes (magic numbers)', () => {
  it('recognises PNG, JPEG, GIF (87a and 89a) and WebP', () => {
    expect(detectImageType(SAMPLES.png)).toBe('image/png');
    expect(detectImageType(SAMPLES.jpeg)).toBe('image/jpeg');
    expect(detectImageType(SAMPLES.gif)).toBe('image/gif');
    expect(detectImageType(text('GIF87a\u0001\u0000'))).toBe('image/gif');
    expect(detectImageType(SAMPLES.webp)).toBe('image/webp');
  });

  it('goes by the bytes only: a PNG is a PNG whatever it is called or declared as', () => {
    // the detector never sees the name or the declared type: a PNG renamed photo.jpg is still these bytes
    expect(detectImageType(SAMPLES.png)).toBe('image/png');
    expect(detectImageType(SAMPLES.png.subarray(0, 8))).toBe('image/png');
  });

  it('refuses text claiming to be an image, HTML, PDF, a RIFF that is not WebP, and truncated signatures', () => {
    expect(detectImageType(text('hello, I am image/png'))).toBeNull();
    expect(detectImageType(text('<!doctype html><html><script>alert(1)</script></html>'))).toBeNull();
    expect(detectImageType(text('%PDF-1.7\n'))).toBeNull();
    expect(detectImageType(concat(text('RIFF'), bytes(0, 0, 0, 0, ...text('WAVEfmt '))))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(detectImageType(text('GIF8'))).toBeNull();
    expect(detectImageType(new Uint8Array(0))).toBeNull();
  });

  it('recognises SVG after a BOM, an XML declaration, comments and a DOCTYPE; not an <svg> later in HTML', () => {
    expect(detectImageType(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('image/svg+xml');
    expect(
      detectImageType(text('\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<SVG width="1">')),
    ).toBe('image/svg+xml');
    expect(detectImageType(text('<html><body><svg></svg></body></html>'))).toBeNull();
    expect(detectImageType(text('<svgfoo/>'))).toBeNull();
  });

  it('calls a polyglot what its first bytes say: a GIF header with HTML behind it is a GIF (served as image/gif with nosniff)', () => {
    expect(detectImageType(concat(text('GIF89a'), text('<script>alert(1)</script>')))).toBe('image/gif');
  });
});

describe('SVG made safe', () => {
  const clean = (svg: string) => sanitizeSvg(text(svg))?.toString('utf8') ?? null;

  it('keeps the drawing, gradients and filters, and writes the SVG namespace so the file renders on its own', () => {
    expect(clean('<svg viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs><rect width="10" height="10" fill="url(#g)" filter="url(#f)"/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><filter id="f"><feGaussianBlur stdDeviation="1"/></filter></defs><rect width="10" height="10" fill="url(#g)" filter="url(#f)"/></svg>',
    );
  });

  it('removes <script>, onload and every on* handler', () => {
    expect(clean('<svg onload="alert(1)"><script>alert(2)</script><circle r="1" onclick="alert(3)" onmouseover="alert(4)"/></svg>')).toBe('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>');
  });

  it('removes links (javascript: or not), foreignObject with HTML inside, <style> and dangerous inline styles', () => {
    const out = clean(
      '<svg><a href="javascript:alert(1)"><text>t</text></a><foreignObject><iframe src="javascript:alert(2)"></iframe><img src="x" onerror="alert(3)"/></foreignObject><style>@import url(https://evil.example/x.css)</style><rect style="fill:url(javascript:alert(4))"/><rect style="fill:red"/></svg>',
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><text>t</text><rect/><rect style="fill:red"/></svg>');
  });

  it('does not expand entities of an internal DTD (no billion laughs) and keeps nothing of the DOCTYPE', () => {
    const out = clean('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><svg><text>&b;</text></svg>');
    expect(out).not.toContain('aaaaaaaaaa');
    expect(out).not.toContain('DOCTYPE');
  });

  it('answers null when nothing of an <svg> is left', () => {
    expect(clean('<svg')).toBeNull();
    expect(clean('<script>alert(1)</script>')).toBeNull();
  });
});
