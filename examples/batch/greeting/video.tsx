/**
 * The base video of the personalised-greeting batch: two scenes with named slots that the modify
 * template fills per row (`headline` → title_0, `greeting` → scripts_0, `offer` → scripts_1,
 * `caption` → subtitles_0).
 *
 *   pnpm vsynth compile examples/batch/greeting/video.tsx --report
 */
import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';
import { anna } from '../../avatars.js';

export { avatars } from '../../avatars.js';

export default (
  <Video name="Personal greeting" isExport={false}>
    <Scene background="https://cdn.example.com/backgrounds/studio-blue.jpg">
      <Avatar model={anna} x={0.25} y={0.05} slot="greeting">
        Hello there, thanks for joining us.
      </Avatar>
      <Text
        tag="title"
        slot="headline"
        left={80}
        top={120}
        width={1000}
        height={180}
        fontSize={72}
        fill="rgb(255,255,255)"
        fontWeight="bold"
      >
        Hello!
      </Text>
    </Scene>
    <Scene background="rgb(250,250,250)">
      <Avatar model={anna} x={-0.25} y={0.05} slot="offer">
        Here is an offer picked for you.
      </Avatar>
      <Text
        tag="subtitles"
        slot="caption"
        left={1000}
        top={860}
        width={840}
        height={100}
        fontSize={40}
        fill="rgb(40,40,40)"
      >
        Your offer
      </Text>
    </Scene>
  </Video>
);
