import { describe, expect, it } from 'vitest';
import { THUMBNAIL_MAX_BYTES } from '@atlas/domain';
import { PICTURE_ACCEPT, pictureProblem } from './picture';

describe('pictureProblem', () => {
  it('takes the image types the server takes, up to its size', () => {
    expect(pictureProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(pictureProblem({ type: 'image/webp', size: THUMBNAIL_MAX_BYTES })).toBeNull();
    expect(PICTURE_ACCEPT).toBe('image/png,image/jpeg,image/webp');
  });

  it('says why another file is refused', () => {
    expect(pictureProblem({ type: 'image/gif', size: 10 })).toBe('Choose a PNG, JPEG or WebP image.');
    expect(pictureProblem({ type: 'image/jpeg', size: THUMBNAIL_MAX_BYTES + 1 })).toBe('The picture is larger than 5 MB.');
  });
});
