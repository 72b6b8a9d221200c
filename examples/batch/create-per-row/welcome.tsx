/**
 * A TSX template: the default export is a component whose props are one data row, so every row
 * of customers.csv compiles to its own create payload (v3 variant A).
 *
 *   pnpm vsynth batch --template examples/batch/create-per-row/welcome.tsx \
 *     --data examples/batch/create-per-row/customers.csv --dry-run
 */
import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';
import { z } from 'zod';
import { anna } from '../../avatars.js';

export { avatars } from '../../avatars.js';

/** One row of customers.csv: each cell is read as its prop's type (seats as a number) and checked. */
export const schema = z.object({
  name: z.string().min(1),
  plan: z.enum(['Starter', 'Pro', 'Team', 'Enterprise']),
  seats: z.number().int().positive(),
});

export default function Welcome({ name, plan, seats }: z.infer<typeof schema>) {
  return (
    <Video name={`Welcome ${name}`} isExport>
      <Scene background="https://cdn.example.com/backgrounds/studio-blue.jpg">
        <Avatar model={anna} x={0.25} y={0.05}>
          Welcome aboard, {name}! Your {plan} plan with {seats} seats is ready.
        </Avatar>
        <Text tag="title" x={-0.22} y={-0.3} scale={1.5} fill="rgb(255,255,255)">
          {`Welcome, ${name}`}
        </Text>
      </Scene>
    </Video>
  );
}
