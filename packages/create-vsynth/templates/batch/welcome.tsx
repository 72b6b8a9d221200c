/**
 * A row template: the default export is a component whose props are one row of people.csv, so
 * every row compiles to its own video. `schema` reads and checks each row's cells before it runs.
 *
 *   npx vsynth batch --template welcome.tsx --data people.csv --dry-run
 */
import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';
import { z } from 'zod';
import { anna } from './avatars.js';

export { avatars } from './avatars.js';

/** One row of people.csv: a name and one of the plans (a typo in a plan fails its row, named). */
export const schema = z.object({
  name: z.string().min(1),
  plan: z.enum(['Starter', 'Pro', 'Team', 'Enterprise']),
});

export default function Welcome({ name, plan }: z.infer<typeof schema>) {
  return (
    <Video name={`Welcome ${name}`} isExport>
      <Scene background="rgb(245,247,250)">
        <Avatar model={anna} x={0.25} y={0.05}>
          Welcome aboard, {name}! Your {plan} plan is ready.
        </Avatar>
        <Text tag="title" x={-0.22} y={-0.3} scale={1.5} fill="rgb(20,24,32)">
          {`Welcome, ${name}`}
        </Text>
      </Scene>
    </Video>
  );
}
