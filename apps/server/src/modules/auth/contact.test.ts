/** Where people write for help and about plans (#30): the deployment's, in the bootstrap answer. */
import { describe, expect, it } from 'vitest';
import { HELP_URL, SALES_EMAIL, SUPPORT_EMAIL } from '@assay/domain';
import { buildTestApp } from '../../../test/app.ts';
import { loadConfig } from '../../config.ts';

const built = await buildTestApp({
  env: {
    SUPPORT_EMAIL: 'help@uni.example',
    SALES_EMAIL: 'plans@uni.example',
    HELP_URL: 'https://help.uni.example/start',
    ONBOARDING_VIDEO_URL: 'https://media.uni.example/tour.mp4',
  },
});

describe('contact addresses', () => {
  it('come from the configuration, with built-in defaults, and a wrong one is refused at start', async () => {
    const answer = await built.app.inject({ method: 'GET', url: '/api/bootstrap' });
    expect(answer.json()).toMatchObject({
      contact: {
        support: 'help@uni.example',
        sales: 'plans@uni.example',
        help: 'https://help.uni.example/start',
      },
    });
    const defaults = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' });
    expect(defaults.contact).toEqual({
      support: SUPPORT_EMAIL,
      sales: SALES_EMAIL,
      help: HELP_URL,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', HELP_URL: 'help' })).toThrow(
      /HELP_URL must be the address of the help centre/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', SALES_EMAIL: 'not an address' }),
    ).toThrow(/SALES_EMAIL must be the address people write to about plans/);
  });

  it('names the onboarding video when one is configured, and none by default', async () => {
    const answer = await built.app.inject({ method: 'GET', url: '/api/bootstrap' });
    expect(answer.json()).toMatchObject({ onboardingVideo: 'https://media.uni.example/tour.mp4' });
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' }).onboardingVideo).toBeNull();
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ONBOARDING_VIDEO_URL: 'tour' }),
    ).toThrow(/ONBOARDING_VIDEO_URL must be the address of a video file/);
  });
});
