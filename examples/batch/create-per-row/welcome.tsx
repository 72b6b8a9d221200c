/**
 * A TSX template: the default export is a component whose props are one data row, so every row
 * of customers.csv compiles to its own create payload (v3 variant A).
 *
 *   pnpm vsynth batch --template examples/batch/create-per-row/welcome.tsx \
 *     --data examples/batch/create-per-row/customers.csv --dry-run
 */
import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';
import { anna } from '../../avatars.js';

export { avatars } from '../../avatars.js';

/** One row of customers.csv (CSV values are text). */
export interface WelcomeRow {
  readonly name: string;
  readonly plan: string;
  readonly seats: string;
}

export default function Welcome({ name, plan, seats }: WelcomeRow) {
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
