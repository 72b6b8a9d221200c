/**
 * One scene: Anna greets the viewer next to a title.
 *
 *   pnpm vsynth compile examples/hello.tsx
 */
import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';
import { anna } from './avatars.js';

export default (
  <Video name="Hello, vsynth">
    <Scene background="rgb(245,247,250)">
      <Avatar model={anna} x={0.22} y={0.04}>
        Hello! I am Anna, and this whole video was written as a TSX component.
      </Avatar>
      <Text tag="title" slot="headline" x={-0.2} y={-0.3} scale={1.5} fill="rgb(20,24,32)" fontWeight="bold">
        Hello, vsynth
      </Text>
    </Scene>
  </Video>
);
