/**
 * Your video: the default export is a component, and `schema` describes its props (with the
 * defaults it uses when none are given). Compile it with
 *
 *   npx vsynth compile video.tsx
 *   npx vsynth compile video.tsx --props '{"headline": "Hello, Ana"}'
 *
 * and edit the props in `npx vsynth studio video.tsx` (its Save writes video.props.json).
 */
import { Avatar, Scene, Text, Video, colourProp } from '@vsynth/jsx-runtime';
import { z } from 'zod';
import { anna } from './avatars.js';

export const schema = z.object({
  headline: z.string().min(1).default('Hello from my project'),
  textColour: colourProp().default('rgb(20,24,32)'),
});

export default function MyVideo({ headline, textColour }: z.infer<typeof schema>) {
  return (
    <Video name="My first vsynth video">
      <Scene background="rgb(245,247,250)">
        <Avatar model={anna} x={0.22} y={0.04}>
          Hello! This video is a TSX file in your own project.
        </Avatar>
        <Text tag="title" slot="headline" x={-0.2} y={-0.3} scale={1.5} fill={textColour} fontWeight="bold">
          {headline}
        </Text>
      </Scene>
    </Video>
  );
}
