import { describe, expect, it } from 'vitest';
import { type ApiError, isApiError } from '../errors/api-error.js';
import { legacyProjectResponseSchema } from '../schemas/legacy-project.js';
import { projectCreateResponseSchema } from '../schemas/project-create.js';
import { parseResponse } from './parse-response.js';

const endpoint = 'POST /api/odin/v3/editor/project';

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('parseResponse', () => {
  it('accepts the bare and the enveloped shape, keeping unknown fields', () => {
    expect(parseResponse(projectCreateResponseSchema, { projectId: 'p1' }, { endpoint })).toEqual({ projectId: 'p1' });
    expect(
      parseResponse(
        projectCreateResponseSchema,
        { success: true, data: { projectId: 'p2', status: 'queued' } },
        { endpoint },
      ),
    ).toEqual({
      projectId: 'p2',
      status: 'queued',
    });
  });

  it('reads the legacy answer, whose own fields include success, bare or enveloped', () => {
    const answer = { success: true, cube_used: 3, key: 'k1' };
    expect(parseResponse(legacyProjectResponseSchema, answer, { endpoint })).toEqual(answer);
    expect(parseResponse(legacyProjectResponseSchema, { success: true, data: answer }, { endpoint })).toEqual(answer);
    expect(
      parseResponse(legacyProjectResponseSchema, { success: true, data: { cube_used: 3, key: 'k1' } }, { endpoint }),
    ).toEqual(answer);
    expect(
      thrown(() => parseResponse(legacyProjectResponseSchema, { success: true, data: { cube_used: 3 } }, { endpoint }))
        .message,
    ).toBe(
      'Request failed with status 200: POST /api/odin/v3/editor/project: unexpected response body: success is required: expected true or false, received nothing at data.success; key is required: expected a string, received nothing at data.key',
    );
  });

  it('turns success:false into an ApiError carrying the service message', () => {
    const error = thrown(() =>
      parseResponse(projectCreateResponseSchema, { success: false, message: 'Not enough cubes' }, { endpoint }),
    );
    expect(error.message).toBe(
      'Request failed with status 200: POST /api/odin/v3/editor/project: the service answered success: false (Not enough cubes)',
    );
    expect(error.status).toBe(200);
    expect(error.transient).toBe(false);
    expect(error.body).toEqual({ success: false, message: 'Not enough cubes' });
  });

  it('names what is wrong with an unexpected body', () => {
    const error = thrown(() =>
      parseResponse(projectCreateResponseSchema, { success: true, data: { id: 'p1' } }, { endpoint, status: 201 }),
    );
    expect(error.message).toBe(
      'Request failed with status 201: POST /api/odin/v3/editor/project: unexpected response body: projectId is required: expected a string, received nothing at data.projectId',
    );
    expect(
      thrown(() => parseResponse(projectCreateResponseSchema, { success: true, data: null }, { endpoint })).message,
    ).toBe(
      'Request failed with status 200: POST /api/odin/v3/editor/project: unexpected response body: the response data must be an object, received null',
    );
    expect(thrown(() => parseResponse(projectCreateResponseSchema, 'OK', { endpoint })).message).toBe(
      'Request failed with status 200: POST /api/odin/v3/editor/project: unexpected response body: the response body must be an object, received "OK"',
    );
  });
});
