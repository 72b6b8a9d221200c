/**
 * The .tsx source of a tour video as an author writes one, for the benches that run the CLI and
 * the studio on a file: each scene an avatar speaking beside a title.
 */
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The source of a `scenes`-scene video; `take` changes every scene's text, as a save would. */
export function tourVideoSource(scenes: number, take: number): string {
  const body = Array.from({ length: scenes }, (_, i) =>
    [
      `    <Scene background="rgb(${240 - i},${242 - i},248)">`,
      `      <Avatar model={anna} x={0.25} y={0.05}>`,
      `        Scene ${i + 1}, take ${take}: here is what is new in this part of the tour.`,
      '      </Avatar>',
      `      <Text tag="title" x={-0.2} y={-0.3} scale={1.2}>Part ${i + 1} (take ${take})</Text>`,
      '    </Scene>',
    ].join('\n'),
  );
  return [
    "import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';",
    "import { anna } from './avatars.js';",
    '',
    'export default (',
    '  <Video name="Tour">',
    ...body,
    '  </Video>',
    ');',
    '',
  ].join('\n');
}

/**
 * Writes `video.tsx` (take 0) and the avatars it imports into `dir`; resolves with the video's path.
 *
 * @example const file = await writeTourVideo(dir, 20);
 */
export async function writeTourVideo(dir: string, scenes: number): Promise<string> {
  await copyFile(new URL('../examples/avatars.ts', import.meta.url), join(dir, 'avatars.ts'));
  const file = join(dir, 'video.tsx');
  await writeFile(file, tourVideoSource(scenes, 0));
  return file;
}
