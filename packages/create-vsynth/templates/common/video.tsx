/**
 * Your video: the default export is a <Video> element. Compile it with
 *
 *   npx vsynth compile video.tsx
 */
import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';
import { anna } from './avatars.js';

export default (
  <Video name="My first vsynth video">
    <Scene background="rgb(245,247,250)">
      <Avatar model={anna} x={0.22} y={0.04}>
        Hello! This video is a TSX file in your own project.
      </Avatar>
      <Text tag="title" slot="headline" x={-0.2} y={-0.3} scale={1.5} fill="rgb(20,24,32)" fontWeight="bold">
        Hello from my project
      </Text>
    </Scene>
  </Video>
);
