import { describe, expect, it, vi } from 'vitest';
import type { MapAsset } from '@atlas/domain';
import { saveAsset } from './saveAsset';

const asset = { id: 'a1', type: 'color-palette', name: 'Warm' } as MapAsset;

function fakeClient() {
  return {
    mapAssets: {
      create: vi.fn(async () => asset),
      update: vi.fn(async () => asset),
      uploadFiles: vi.fn(async () => asset),
      get: vi.fn(async () => ({ ...asset, thumbnailContentType: 'image/png' })),
    },
  };
}

describe('saveAsset', () => {
  it('creates the asset with trimmed fields and its metadata', async () => {
    const client = fakeClient();
    const saved = await saveAsset(client as never, 'color-palette', null, { name: ' Warm ', description: '', metadata: { palette: { colors: ['#ff0000'] } } });
    expect(client.mapAssets.create).toHaveBeenCalledWith({ type: 'color-palette', name: 'Warm', description: '', metadata: { palette: { colors: ['#ff0000'] } } });
    expect(client.mapAssets.uploadFiles).not.toHaveBeenCalled();
    expect(saved).toBe(asset);
  });

  it('updates an existing asset and uploads the files given, then reads it again', async () => {
    const client = fakeClient();
    const file = new Blob(['{}'], { type: 'application/json' });
    const thumbnail = new Blob(['png'], { type: 'image/png' });
    const saved = await saveAsset(client as never, 'map-style', asset, { name: 'Dark', description: 'd', metadata: {}, file, thumbnail });
    expect(client.mapAssets.update).toHaveBeenCalledWith('a1', { name: 'Dark', description: 'd', metadata: {} });
    expect(client.mapAssets.uploadFiles).toHaveBeenCalledWith('a1', { asset: file, thumbnail });
    expect(saved.thumbnailContentType).toBe('image/png');
  });
});
