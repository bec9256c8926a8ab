// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockAnswer } from '../../../testing/mock-fetch.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { expectToast, image } from '../../../testing/content-fixtures.ts';
import { ImageLibrary } from './image-library.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const chart = image();
const logo = image({ id: 'img2', filename: 'logo.svg', mimeType: 'image/svg+xml', size: 900, url: '/api/images/img2' });

function setup(handlers: Record<string, MockAnswer> = {}) {
  const calls = mockFetch({ 'GET /api/admin/images': [chart, logo], ...handlers });
  renderWithProviders(<ImageLibrary />);
  const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path).length;
  return { calls, count };
}

const fileInput = () => screen.getByLabelText('Image file') as HTMLInputElement;
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chart.png', { type: 'image/png' });

describe('image library', () => {
  it('"Loading images..." then a grid of the images served from /api/images/{id}', async () => {
    setup();
    expect(screen.getByText('Loading images...')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('image-tile')).toHaveLength(2));
    const img = screen.getByRole('img', { name: 'chart.png' });
    expect(img.getAttribute('src')).toBe('/api/images/img1');
    expect(screen.getByText('20 KB')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'logo.svg' }).getAttribute('src')).toBe('/api/images/img2');
  });

  it('"No images uploaded yet" when the library is empty', async () => {
    setup({ 'GET /api/admin/images': [] });
    expect(await screen.findByText('No images uploaded yet')).toBeTruthy();
  });

  it('accepts image files only; uploads the file as a data URL, "Image uploaded successfully", reads the list again', async () => {
    const { calls, count } = setup({ 'POST /api/admin/upload-image': { status: 201, body: image({ id: 'img3' }) } });
    expect(fileInput().getAttribute('accept')).toBe('image/*');
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    await expectToast('Success', 'Image uploaded successfully');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ filename: 'chart.png', mimeType: 'image/png', data: 'data:image/png;base64,iVBORw==' });
    await waitFor(() => expect(count('GET', '/api/admin/images')).toBe(2));
  });

  it('a file that is not an image is refused without a request', async () => {
    const { calls } = setup();
    fireEvent.change(fileInput(), { target: { files: [new File(['a,b'], 'etfs.csv', { type: 'text/csv' })] } });
    await expectToast('Error', 'Only image files can be uploaded.', 'destructive');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server\'s 413 and 400 messages, else "Failed to upload image"', async () => {
    let answer: MockAnswer = { status: 413, body: { message: 'Image too large: at most 5 MB' } };
    setup({ 'POST /api/admin/upload-image': () => answer });
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    await expectToast('Error', 'Image too large: at most 5 MB', 'destructive');
    answer = { status: 400, body: { message: 'The file is not a PNG, JPEG, GIF, WebP or SVG image' } };
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    await expectToast('Error', 'The file is not a PNG, JPEG, GIF, WebP or SVG image', 'destructive');
    answer = { status: 500 };
    fireEvent.change(fileInput(), { target: { files: [png()] } });
    await expectToast('Error', 'Failed to upload image', 'destructive');
  });

  it('copies the absolute image URL: "Image URL copied to clipboard"', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link of logo.svg' }));
    await expectToast('Success', 'Image URL copied to clipboard');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/images/img2`);
  });

  it('a clipboard that refuses: the toast gives the URL instead', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link of chart.png' }));
    await expectToast('Error', `Could not copy to the clipboard. The image URL is ${window.location.origin}/api/images/img1`, 'destructive');
  });

  it('delete asks first, then DELETE /api/admin/images/{id} and the grid is read again', async () => {
    const { calls, count } = setup({ 'DELETE /api/admin/images/img1': { status: 204 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete image chart.png' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this image?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Success', 'Image deleted successfully');
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe('/api/admin/images/img1');
    await waitFor(() => expect(count('GET', '/api/admin/images')).toBe(2));
  });

  it('a failed delete: "Failed to delete image" (or the server\'s message)', async () => {
    let answer: MockAnswer = { status: 500 };
    setup({ 'DELETE /api/admin/images/img2': () => answer });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete image logo.svg' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Error', 'Failed to delete image', 'destructive');
    answer = { status: 404, body: { message: 'Image not found' } };
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', false));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Error', 'Image not found', 'destructive');
  });
});
