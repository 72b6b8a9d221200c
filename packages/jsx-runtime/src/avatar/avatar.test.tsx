import { describe, expect, it } from 'vitest';
import { isValidationError } from '@vsynth/core';
import { anna, minhoCasual } from '../fixtures/avatars.js';
import { Avatar, Scene, Video } from '../index.js';
import { compile } from '../compile/compile.js';
import { avatarsFromProject } from './avatars-from-project.js';
import { defineAvatar } from './define-avatar.js';

describe('defineAvatar', () => {
  it('names the avatar by ai_name unless given a name', () => {
    expect(anna.name).toBe('anna');
    expect(minhoCasual.name).toBe('minho-casual');
    expect(Object.isFrozen(anna)).toBe(true);
  });

  it('rejects a model object without ai_name or emotion, naming the fields', () => {
    try {
      defineAvatar({ ai_name: '', language: 'en' } as never, { name: 'broken' });
      expect.unreachable();
    } catch (error) {
      expect(isValidationError(error)).toBe(true);
      expect((error as Error).message).toContain('Invalid avatar broken');
      expect((error as { issues: { path: unknown[] }[] }).issues.map((i) => i.path.join('.'))).toEqual([
        'ai_name',
        'emotion',
      ]);
    }
  });

  it('is referenced by its registered name in the avatars option', async () => {
    const { payload } = await compile(
      <Video>
        <Scene>
          <Avatar model="minho-casual">Hi</Avatar>
        </Scene>
      </Video>,
      { avatars: [minhoCasual] },
    );
    expect((payload as { scenes: { scripts: { clothId: string }[] }[] }).scenes[0]!.scripts[0]!.clothId).toBe(
      'casual_white_shirt',
    );
  });
});

describe('avatarsFromProject', () => {
  it('extracts each distinct avatar and outfit from an existing project', async () => {
    const { payload } = await compile(
      <Video>
        <Scene>
          <Avatar model={anna}>One</Avatar>
        </Scene>
        <Scene>
          <Avatar model={minhoCasual}>Two</Avatar>
        </Scene>
        <Scene>
          <Avatar model={anna}>Three</Avatar>
        </Scene>
      </Video>,
    );
    const found = avatarsFromProject(JSON.parse(JSON.stringify(payload)));
    expect(found.map((a) => `${a.model.ai_name}/${a.model.emotion}`)).toEqual([
      'anna/business_suit_navy',
      'minho/casual_white_shirt',
    ]);
    expect(found[1]!.model.editor?.scale).toBe(0.8);
    // key-only references now compile to v3
    const again = await compile(
      <Video>
        <Scene>
          <Avatar model="minho" x={0.3}>
            Again
          </Avatar>
        </Scene>
      </Video>,
      { avatars: found },
    );
    expect(
      (again.payload as { scenes: { clips: { model: { ai_name: string } }[] }[] }).scenes[0]!.clips[0]!.model.ai_name,
    ).toBe('minho');
  });

  it('rejects JSON without scenes and locates a broken model object', () => {
    expect(() => avatarsFromProject({})).toThrow('expected a project with a "scenes" array');
    try {
      avatarsFromProject({ scenes: [{ clips: [{ type: 'aiModel', model: { ai_name: 'x' } }] }] });
      expect.unreachable();
    } catch (error) {
      expect((error as { issues: { path: unknown[] }[] }).issues.map((i) => i.path.join('.'))).toEqual([
        'scenes.0.clips.0.model.emotion',
      ]);
    }
  });

  it('asks which outfit when a key has several and clothes is missing', async () => {
    const second = defineAvatar({ ...anna.model, emotion: 'casual_denim' });
    await expect(
      compile(
        <Video>
          <Scene>
            <Avatar model="anna">Hi</Avatar>
          </Scene>
        </Video>,
        { avatars: [anna, second] },
      ),
    ).rejects.toThrow('(known outfits: business_suit_navy, casual_denim; say which with clothes)');
  });
});
