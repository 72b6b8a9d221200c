/**
 * The studio's props panel in a real browser (Debian's chromium through playwright-core): fields
 * generated from the video's schema; an edit rebuilds the storyboard, Save rewrites only the
 * changed values of the props file, a bad value is named at its field, arrays take added and
 * moved items, and with --data the rows the schema refuses are listed and open in the panel.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from './chromium.js';
import { getJson, linkDependencies, startStudioCli, type StudioProcess } from './studio-helpers.js';

/** What the page functions below read of the DOM (the repository's tsconfig has no DOM lib). */
interface PageImage {
  readonly complete: boolean;
  readonly naturalWidth: number;
  getAttribute(name: string): string | null;
}
declare const document: {
  querySelector<T = { readonly textContent: string | null }>(selector: string): T | null;
  querySelectorAll<T>(selector: string): Iterable<T>;
};

const VIDEO = `import { Scene, Text, Video, colourProp } from '@vsynth/jsx-runtime';
import { z } from 'zod';

export const schema = z.object({
  headline: z.string().min(1),
  brand: colourProp().default('#1e40af'),
  seats: z.number().int().min(1),
  size: z.enum(['small', 'large']).optional(),
  items: z.array(z.object({ title: z.string().min(1), price: z.number() })).default([]),
});

export default function Card({ headline, brand, seats, items }: z.infer<typeof schema>) {
  return (
    <Video name="card">
      <Scene background={brand}>
        <Text tag="title" fill="rgb(255,255,255)">{\`\${headline} for \${seats}\`}</Text>
      </Scene>
      {items.map((item) => (
        <Scene key={item.title} background="rgb(250,250,250)">
          <Text tag="title">{\`\${item.title}: \${item.price}\`}</Text>
        </Scene>
      ))}
    </Video>
  );
}
`;

// Odd spacing, a $schema pointer first and items on one line: all of it must survive a Save.
const PROPS = [
  '{',
  '  "$schema": "./card.props.schema.json",',
  '  "headline":   "Hello",',
  '  "brand": "#1e40af",',
  '  "seats": 3,',
  '  "items": [{ "title": "Seats", "price": 12 }]',
  '}',
  '',
].join('\n');

describe.skipIf(!hasChromium)('the studio props panel in chromium', { timeout: 60_000 }, () => {
  let dir: string;
  let studio: StudioProcess;
  let rowsStudio: StudioProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vsynth-studio-panel-'));
    await linkDependencies(dir);
    await writeFile(path.join(dir, 'card.tsx'), VIDEO);
    await writeFile(path.join(dir, 'card.props.json'), PROPS);
    await writeFile(path.join(dir, 'rows.csv'), 'headline,seats\nHi,2\nHey,many\nHo,0\n');
    [studio, rowsStudio, browser] = await Promise.all([
      startStudioCli(['card.tsx', '--props', 'card.props.json', '--no-open'], { cwd: dir }),
      startStudioCli(['card.tsx', '--data', 'rows.csv', '--no-open'], { cwd: dir }),
      launchChromium(),
    ]);
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(studio.url);
    await page.waitForSelector('#prop-headline');
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([studio?.stop(), rowsStudio?.stop()]);
    await rm(dir, { recursive: true, force: true });
  });

  const firstImage = (): Promise<string | null> => page.getAttribute('#storyboard img', 'src');
  /** Until the first scene image is another build's than `before`, and decoded. */
  const imageChanged = (before: string | null): Promise<unknown> =>
    page.waitForFunction(
      (old) => {
        const img = document.querySelector<PageImage>('#storyboard img');
        return img !== null && img.getAttribute('src') !== old && img.complete && img.naturalWidth > 0;
      },
      before,
      { timeout: 15_000 },
    );
  const payloadShows = (text: string): Promise<unknown> =>
    page.waitForFunction((wanted) => document.querySelector('#payload')?.textContent?.includes(wanted) === true, text, {
      timeout: 15_000,
    });

  it('builds labelled fields from the schema: text, colour with a picker, number, an array of objects', async () => {
    expect(await page.getByLabel('headline *', { exact: true }).inputValue()).toBe('Hello');
    expect(await page.inputValue('#prop-brand')).toBe('#1e40af');
    expect(await page.inputValue('#prop-brand-picker')).toBe('#1e40af');
    expect(await page.getAttribute('#prop-brand-picker', 'type')).toBe('color');
    expect(await page.getByLabel('seats *', { exact: true }).inputValue()).toBe('3');
    expect(await page.inputValue('#prop-items-0-title')).toBe('Seats');
    expect(await page.inputValue('#prop-items-0-price')).toBe('12');
    expect(await page.$$eval('#prop-size option', (nodes) => nodes.map((node) => node.textContent))).toEqual([
      '(none)',
      'small',
      'large',
    ]);
    expect(await page.getByLabel('size', { exact: true }).inputValue()).toBe('');
    expect(await page.textContent('#saveto')).toBe('Save writes card.props.json');
    // Reached with the keyboard, in the schema's order.
    await page.focus('#prop-headline');
    const focused: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      focused.push(
        await page.evaluate(() => (document as unknown as { activeElement: { id: string } }).activeElement.id),
      );
    }
    expect(focused).toEqual(['prop-brand', 'prop-brand-picker', 'prop-seats']);
  });

  it('rebuilds the storyboard on an edit of a text and a colour, and Save rewrites only those values', async () => {
    await page.click('button[data-tab="v3B"]');
    await payloadShows('Hello for 3');
    const before = await firstImage();
    await page.fill('#prop-headline', 'Welcome');
    await page.fill('#prop-brand-picker', '#ff0000');
    // The picker writes the text box too, and the payload takes the colour (as rgb()).
    expect(await page.inputValue('#prop-brand')).toBe('#ff0000');
    await payloadShows('Welcome for 3');
    await payloadShows('"source_color": "rgb(255,0,0)"');
    await imageChanged(before);
    expect(await page.textContent('#savestatus')).toBe('Unsaved changes');
    expect(await readFile(path.join(dir, 'card.props.json'), 'utf8')).toBe(PROPS);

    await page.click('#save');
    await page.waitForFunction(() => document.querySelector('#savestatus')?.textContent === 'Saved to card.props.json');
    expect(await readFile(path.join(dir, 'card.props.json'), 'utf8')).toBe(
      PROPS.replace('"Hello"', '"Welcome"').replace('"#1e40af"', '"#ff0000"'),
    );
    // The text box of the colour drives the picker as well.
    await page.fill('#prop-brand', 'rgb(0,128,255)');
    expect(await page.inputValue('#prop-brand-picker')).toBe('#0080ff');
  });

  it('names a bad number at its field, keeps the last good storyboard greyed, and recovers', async () => {
    await payloadShows('"source_color": "rgb(0,128,255)"');
    // The storyboard of the last good build, once the page shows it.
    const good = (await getJson<{ scenes: { image: string }[] }>(studio.url, '/state.json')).body.scenes[0]?.image;
    await page.waitForFunction(
      (wanted) => document.querySelector<PageImage>('#storyboard img')?.getAttribute('src') === wanted,
      good,
      { timeout: 15_000 },
    );
    await page.fill('#prop-seats', '3x');
    await page.waitForFunction(
      () => document.querySelector('#prop-seats-error')?.textContent === 'seats must be a number, received "3x"',
      undefined,
      { timeout: 15_000 },
    );
    expect(await page.getAttribute('#prop-seats', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#storyboard', 'class')).toBe('stale');
    expect(await firstImage()).toBe(good);
    await page.click('#save');
    await page.waitForFunction(
      () => document.querySelector('#savestatus')?.textContent?.startsWith('the props are not saved') === true,
    );
    expect(await readFile(path.join(dir, 'card.props.json'), 'utf8')).toContain('"seats": 3,');

    await page.fill('#prop-seats', '5');
    await payloadShows('Welcome for 5');
    expect(await page.textContent('#prop-seats-error')).toBe('');
    expect(await page.getAttribute('#prop-seats', 'aria-invalid')).toBeNull();
    expect(await page.getAttribute('#storyboard', 'class')).toBe('');
  });

  it('adds, fills, moves and removes items of an array', async () => {
    await page.click('button[aria-label="Add items item"]');
    await page.fill('#prop-items-1-title', 'Exports');
    await page.fill('#prop-items-1-price', '3');
    await payloadShows('Exports: 3');
    await page.click('button[aria-label="Move up items item 2"]');
    expect(await page.inputValue('#prop-items-0-title')).toBe('Exports');
    await page.waitForFunction(
      () => {
        const text = document.querySelector('#payload')?.textContent ?? '';
        return text.includes('Exports: 3') && text.indexOf('Exports: 3') < text.indexOf('Seats: 12');
      },
      undefined,
      { timeout: 15_000 },
    );
    await page.click('button[aria-label="Remove items item 2"]');
    await page.waitForFunction(
      () => document.querySelector('#payload')?.textContent?.includes('Seats: 12') === false,
      undefined,
      { timeout: 15_000 },
    );
    expect(await page.$$('#storyboard figure')).toHaveLength(2);
    expect(await page.$$('#propfields .item')).toHaveLength(1);
  });

  it('with --data lists the rows the schema refuses and opens one in the panel', async () => {
    const rows = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      await rows.goto(rowsStudio.url);
      await rows.waitForSelector('#rowlist li');
      expect(await rows.$$eval('#rowlist li', (nodes) => nodes.map((node) => node.textContent))).toEqual([
        'row 2column "seats": must be a number, received "many"',
        'row 3column "seats": must be at least 1, received 0',
      ]);
      expect(await rows.isHidden('#save')).toBe(true);
      await rows.click('#rowlist li button');
      await rows.waitForFunction(
        () => document.querySelector('#prop-seats-error')?.textContent?.includes('received "many"') === true,
        undefined,
        { timeout: 15_000 },
      );
      expect(await rows.inputValue('#prop-headline')).toBe('Hey');
      expect(await rows.inputValue('#prop-seats')).toBe('many');
      await rows.fill('#prop-seats', '7');
      await rows.click('button[data-tab="v3B"]');
      await rows.waitForFunction(
        () => document.querySelector('#payload')?.textContent?.includes('Hey for 7') === true,
        undefined,
        { timeout: 15_000 },
      );
      expect(await readFile(path.join(dir, 'rows.csv'), 'utf8')).toBe('headline,seats\nHi,2\nHey,many\nHo,0\n');
    } finally {
      await rows.close();
    }
  });
});
