import { describe, expect, it } from 'vitest';
import { displayPath } from './display-path.js';

describe('displayPath', () => {
  it('shows files under cwd relative to it and others absolute', () => {
    expect(displayPath('/work/app/scenes/promo.tsx', '/work/app')).toBe('scenes/promo.tsx');
    expect(displayPath('/work/application/x.tsx', '/work/app')).toBe('/work/application/x.tsx');
    expect(displayPath('/work/app/../other/x.tsx', '/work/app')).toBe('/work/other/x.tsx');
    expect(displayPath('/work/app/..x/y.tsx', '/work/app')).toBe('/work/app/..x/y.tsx');
    expect(displayPath('/work/app/./a//b.tsx', '/work/app/')).toBe('a/b.tsx');
    expect(displayPath('scenes/promo.tsx', '/work/app')).toBe('scenes/promo.tsx');
    expect(displayPath('file:///work/app/a.tsx', '/work/app')).toBe('a.tsx');
    expect(displayPath('/work/app', '/work/app')).toBe('/work/app');
    expect(displayPath('/a.tsx', '/')).toBe('a.tsx');
  });
});
