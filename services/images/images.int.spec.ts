import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Agent } from 'supertest';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpOwner } from '../accounts/test-helpers.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { IMAGE_CSP, MAX_IMAGE_BYTES } from './api.ts';
import { SAMPLES } from './samples.fixtures.ts';

let ctx: TestContext;
let owner: Agent;
let user: Agent;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: new Date('2026-11-23T15:00:00.000Z') });
  owner = (await signUpOwner(ctx.app, ctx.deps)).agent;
  user = (await signUp(ctx.app)).agent;
});
afterAll(async () => {
  await ctx?.close();
});

const dataUrl = (bytes: Uint8Array, type = 'image/png') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const upload = (body: unknown, agent: Agent = owner) => agent.post('/api/admin/upload-image').send(body as object);
/** Bytes no other test uploads: a PNG signature followed by n distinct bytes. */
const uniquePng = (n: number, seed: number) => Buffer.concat([SAMPLES.png.subarray(0, 8), Buffer.alloc(n, seed)]);
const blobFile = (sha256: string) => path.join(ctx.dataDir, 'blobs', sha256.slice(0, 2), sha256);
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('the owner guard', () => {
  it('refuses every image route to a visitor (401) and a signed-in user who is not the owner (403)', async () => {
    const body = { filename: 'a.png', mimeType: 'image/png', data: dataUrl(SAMPLES.png) };
    await request(ctx.app).post('/api/admin/upload-image').send(body).expect(401, { message: 'Not authenticated' });
    await request(ctx.app).get('/api/admin/images').expect(401);
    await request(ctx.app).delete('/api/admin/images/x').expect(401);
    await upload(body, user).expect(403, { message: 'Admin access required' });
    await user.get('/api/admin/images').expect(403);
    await user.delete('/api/admin/images/x').expect(403);
    expect((await owner.get('/api/admin/images').expect(200)).body).toEqual([]);
  });

  it('does not read a large body for a visitor: 401 before the upload parser', async () => {
    await request(ctx.app)
      .post('/api/admin/upload-image')
      .send({ filename: 'a.png', mimeType: 'image/png', data: dataUrl(Buffer.alloc(3 * 1024 * 1024)) })
      .expect(401);
  });
});

describe('POST /api/admin/upload-image', () => {
  it('stores each of PNG, JPEG, GIF and WebP with the type of its bytes: 201 with the image', async () => {
    for (const [kind, bytes] of Object.entries(SAMPLES)) {
      const res = await upload({ filename: `sample.${kind}`, mimeType: `image/${kind}`, data: dataUrl(bytes, `image/${kind}`) }).expect(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        filename: `sample.${kind}`,
        mimeType: `image/${kind}`,
        size: bytes.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        url: `/api/images/${res.body.id}`,
        uploadedAt: '2026-11-23T15:00:00.000Z',
      });
      expect(existsSync(blobFile(res.body.sha256))).toBe(true);
    }
  });

  it('decides the type by the bytes: a PNG named photo.jpg and declared image/jpeg is a PNG', async () => {
    const bytes = uniquePng(10, 1);
    const res = await upload({ filename: 'C:\\fakepath\\photo.jpg', mimeType: 'image/jpeg', data: dataUrl(bytes, 'image/jpeg') }).expect(201);
    expect(res.body).toMatchObject({ filename: 'photo.jpg', mimeType: 'image/png', size: 18 });
    const served = await request(ctx.app).get(res.body.url).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
  });

  it('answers 400 for a text file claiming image/png, a declared type that is no image, broken base64, no data URL, an empty file', async () => {
    const text = Buffer.from('I am definitely a PNG');
    const cases: [unknown, number, string, Record<string, string>?][] = [
      [
        { filename: 'a.png', mimeType: 'image/png', data: dataUrl(text) },
        400,
        'The file is not a PNG, JPEG, GIF, WebP or SVG image (its content was checked, not its name or declared type)',
        { data: 'The file is not a PNG, JPEG, GIF, WebP or SVG image (its content was checked, not its name or declared type)' },
      ],
      [
        { filename: 'a.pdf', mimeType: 'application/pdf', data: dataUrl(SAMPLES.png) },
        400,
        'The declared type must be an image type (image/png, image/jpeg, image/gif, image/webp or image/svg+xml)',
        { mimeType: 'The declared type must be an image type (image/png, image/jpeg, image/gif, image/webp or image/svg+xml)' },
      ],
      [{ filename: 'a.png', mimeType: 'image/png', data: 'data:image/png;base64,iVBOR***' }, 400, 'The file data is not valid base64', { data: 'The file data is not valid base64' }],
      [{ filename: 'a.png', mimeType: 'image/png', data: 'data:image/png;base64,iVBORw0K=GgoA' }, 400, 'The file data is not valid base64'],
      [{ filename: 'a.png', mimeType: 'image/png', data: SAMPLES.png.toString('base64') }, 400, 'data must be a data URL: data:<type>;base64,<the file in base64>'],
      [{ filename: 'a.png', mimeType: 'image/png', data: 'data:image/png;base64,' }, 400, 'The file is empty'],
      [{ filename: '  ', mimeType: 'image/png', data: dataUrl(SAMPLES.png) }, 400, 'Filename is required', { filename: 'Filename is required' }],
      [{ filename: `${'x'.repeat(256)}.png`, mimeType: 'image/png', data: dataUrl(SAMPLES.png) }, 400, 'Filename must be at most 255 characters'],
      [{}, 400, 'Required', { filename: 'Required', mimeType: 'Required', data: 'Required' }],
      [[1, 2], 400, 'Request body must be a JSON object'],
    ];
    for (const [body, status, message, errors] of cases) {
      const res = await upload(body).expect(status);
      expect(res.body.message).toBe(message);
      if (errors) expect(res.body.errors).toEqual(errors);
    }
    expect((await owner.get('/api/admin/images')).body.every((i: { size: number }) => i.size !== text.length)).toBe(true);
  });

  it('answers 413 with a message above 5 MiB (decoded), accepts exactly 5 MiB, and keeps 1 MB for other routes', async () => {
    const exact = uniquePng(MAX_IMAGE_BYTES - 8, 2);
    const ok = await upload({ filename: 'big.png', mimeType: 'image/png', data: dataUrl(exact) }).expect(201);
    expect(ok.body.size).toBe(MAX_IMAGE_BYTES);
    const over = await upload({ filename: 'big.png', mimeType: 'image/png', data: dataUrl(uniquePng(MAX_IMAGE_BYTES - 7, 3)) }).expect(413);
    expect(over.body).toEqual({ message: 'Image must be at most 5.0 MiB (this one is 5.0 MiB)' });
    // beyond the route's 7 MiB body limit the parser refuses before reading it all
    const huge = await owner
      .post('/api/admin/upload-image')
      .set('Content-Type', 'application/json')
      .send(`{"filename":"huge.png","mimeType":"image/png","data":"data:image/png;base64,${'A'.repeat(7 * 1024 * 1024)}"}`)
      .expect(413);
    expect(huge.body).toEqual({ message: 'Image must be at most 5.0 MiB' });
    // another route still refuses a 2 MB JSON body
    await owner.post('/api/admin/settings').send({ key: 'note', value: 'x'.repeat(2 * 1024 * 1024) }).expect(413, { message: 'Request body is too large' });
  }, 60_000);

  it('parses the larger body also when the path is written in another case or with a trailing slash', async () => {
    const bytes = uniquePng(2 * 1024 * 1024, 9);
    const res = await owner.post('/api/admin/Upload-Image/').send({ filename: 'two.png', mimeType: 'image/png', data: dataUrl(bytes) }).expect(201);
    expect(res.body.size).toBe(bytes.length);
  }, 60_000);

  it('gives back the image already in the library for the same bytes (200, nothing written), and a new one after it is deleted', async () => {
    const bytes = uniquePng(20, 5);
    const first = await upload({ filename: 'logo.png', mimeType: 'image/png', data: dataUrl(bytes) }).expect(201);
    const again = await upload({ filename: 'logo-copy.png', mimeType: 'image/png', data: dataUrl(bytes) }).expect(200);
    expect(again.body).toEqual(first.body);
    const events = await ctx.deps.log.readStream(`image-${first.body.sha256}`);
    expect(events.map((e) => e.type)).toEqual(['ImageUploaded']);
    await owner.delete(`/api/admin/images/${first.body.id}`).expect(204);
    const third = await upload({ filename: 'logo.png', mimeType: 'image/png', data: dataUrl(bytes) }).expect(201);
    expect(third.body.id).not.toBe(first.body.id);
    expect(third.body.sha256).toBe(first.body.sha256);
    await request(ctx.app).get(third.body.url).expect(200);
  });

  it('stores the same bytes uploaded twice at the same time once: one 201, one 200 with the same image', async () => {
    const body = { filename: 'twice.png', mimeType: 'image/png', data: dataUrl(uniquePng(25, 10)) };
    const [a, b] = await Promise.all([upload(body), upload(body)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body).toEqual(b.body);
    expect((await ctx.deps.log.readStream(`image-${a.body.sha256}`)).length).toBe(1);
  });

  it('records the upload with its hash in the log, never the bytes; control characters leave the name', async () => {
    const bytes = uniquePng(30, 6);
    const res = await upload({ filename: ' x\u0007\u0000.png\n', mimeType: 'image/png', data: dataUrl(bytes) }).expect(201);
    expect(res.body.filename).toBe('x.png');
    const [event] = await ctx.deps.log.readStream(`image-${res.body.sha256}`);
    expect(event!.data).toEqual({ imageId: res.body.id, filename: 'x.png', mimeType: 'image/png', size: 38, sha256: res.body.sha256, uploadedAt: '2026-11-23T15:00:00.000Z' });
  });
});

describe('SVG uploads', () => {
  it('stores an SVG made safe: no script, no handler; served with a CSP that runs nothing', async () => {
    const svg = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" onload="alert(1)"><script>alert(2)</script><circle cx="2" cy="2" r="2" fill="teal"/></svg>';
    const res = await upload({ filename: 'logo.svg', mimeType: 'image/svg+xml', data: dataUrl(Buffer.from(svg), 'image/svg+xml') }).expect(201);
    expect(res.body.mimeType).toBe('image/svg+xml');
    const served = await request(ctx.app).get(res.body.url).buffer(true).parse(binary).expect(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe(IMAGE_CSP);
    expect((served.body as Buffer).toString('utf8')).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><circle cx="2" cy="2" r="2" fill="teal"/></svg>');
    expect(res.body.size).toBe((served.body as Buffer).length);
  });

  it('refuses an SVG with nothing left once made safe', async () => {
    const res = await upload({ filename: 'x.svg', mimeType: 'image/svg+xml', data: dataUrl(Buffer.from('<svg ')) }).expect(400);
    expect(res.body.message).toBe('The SVG file has no drawing left once made safe (an <svg> element is required)');
  });
});

describe('GET /api/images/{id} (public)', () => {
  let image: { id: string; sha256: string; url: string };
  beforeAll(async () => {
    image = (await upload({ filename: 'Überblick "Q4".png', mimeType: 'image/png', data: dataUrl(uniquePng(40, 7)) }).expect(201)).body;
  });

  it('serves the bytes to anyone with the type, nosniff, a year of immutable cache, a strong ETag and a safe inline name', async () => {
    const res = await request(ctx.app).get(image.url).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(res.body as Buffer, uniquePng(40, 7))).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': '48',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${image.sha256}"`,
      'content-disposition': `inline; filename="_berblick _Q4_.png"; filename*=UTF-8''%C3%9Cberblick%20%22Q4%22.png`,
      'content-security-policy': IMAGE_CSP,
    });
    // the site's global headers stay: same-origin resource policy, no framing
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answers 304 without a body for If-None-Match with the ETag (also in a list, also weak)', async () => {
    for (const header of [`"${image.sha256}"`, `"other", "${image.sha256}"`, `W/"${image.sha256}"`]) {
      const res = await request(ctx.app).get(image.url).set('If-None-Match', header).expect(304);
      expect(res.headers.etag).toBe(`"${image.sha256}"`);
      expect(res.text ?? '').toBe('');
    }
    await request(ctx.app).get(image.url).set('If-None-Match', '"other"').expect(200);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await request(ctx.app).head(image.url).expect(200);
    expect(res.headers['content-length']).toBe('48');
  });

  it('answers 404 (not cached) for an unknown id', async () => {
    const res = await request(ctx.app).get('/api/images/00000000-0000-4000-8000-000000000000').expect(404, { message: 'Image not found' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the site CSP allowing images of its own origin', async () => {
    const page = await request(ctx.app).get('/api/openapi.json');
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data:");
  });
});

describe('GET /api/admin/images and DELETE /api/admin/images/{id}', () => {
  it('lists the images newest first, without bytes', async () => {
    ctx.advance(60_000);
    const newest = (await upload({ filename: 'newest.gif', mimeType: 'image/gif', data: dataUrl(Buffer.concat([SAMPLES.gif, Buffer.from([8])]), 'image/gif') }).expect(201)).body;
    const list = (await owner.get('/api/admin/images').expect(200)).body as { id: string; uploadedAt: string }[];
    expect(list[0]).toEqual(newest);
    expect(list.map((i) => i.uploadedAt)).toEqual([...list.map((i) => i.uploadedAt)].sort().reverse());
    for (const item of list) expect(Object.keys(item).sort()).toEqual(['filename', 'id', 'mimeType', 'sha256', 'size', 'uploadedAt', 'url']);
  });

  it('deletes an image: 204, gone from the list, 404 publicly, bytes removed; 404 for an unknown or already deleted id', async () => {
    const image = (await upload({ filename: 'bye.png', mimeType: 'image/png', data: dataUrl(uniquePng(50, 8)) }).expect(201)).body;
    await request(ctx.app).get(image.url).expect(200);
    await owner.delete(`/api/admin/images/${image.id}`).expect(204);
    expect((await owner.get('/api/admin/images')).body.map((i: { id: string }) => i.id)).not.toContain(image.id);
    await request(ctx.app).get(image.url).expect(404, { message: 'Image not found' });
    expect(existsSync(blobFile(image.sha256))).toBe(false);
    expect(await ctx.deps.blobs.has(image.sha256)).toBe(false);
    await owner.delete(`/api/admin/images/${image.id}`).expect(404, { message: 'Image not found' });
    await owner.delete('/api/admin/images/nope').expect(404, { message: 'Image not found' });
  });
});

describe('a field the endpoint does not name', () => {
  it('is refused on every write: 400 naming it, nothing written', async () => {
    const image = (await upload({ filename: 'kept.png', mimeType: 'image/png', data: dataUrl(uniquePng(60, 11)) }).expect(201)).body;
    const head = await ctx.container.eventStore.headPosition();
    await upload({ filename: 'extra.png', mimeType: 'image/png', data: dataUrl(uniquePng(61, 12)), x: 1 }).expect(400, { message: 'Unknown field: x', errors: { x: 'Unknown field' } });
    await owner.delete(`/api/admin/images/${image.id}`).send({ x: 1 }).expect(400, { message: 'Unknown field: x', errors: { x: 'Unknown field' } });
    expect(await ctx.container.eventStore.headPosition()).toBe(head);
    await request(ctx.app).get(image.url).expect(200);
  });
});
